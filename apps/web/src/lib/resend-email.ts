import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';
import { humanCheckToken } from './human-check';

/** Sends the verification e-mail again, after the human check (spec 1 §2, spec 2 §4 step 3). */
export const resendEmail = async (email?: string) =>
  api<{ message: string }>('/account/resend-email/', { body: { ...(email ? { email } : {}), 'g-recaptcha-response': await humanCheckToken() } });
export const useResendEmail = () => useMutation({ mutationFn: resendEmail });
