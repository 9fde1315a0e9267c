import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message } from '@school/shared/api/errors';
import { sessionMessages } from '@school/shared/auth/messages';
import { api } from './api-client';
import { humanCheckToken } from './human-check';
import { readServerError } from './server-errors';

/** Sends the verification e-mail again, after the human check (spec 1 §2, spec 2 §4 step 3). */
export const resendEmail = async (email?: string) =>
  api<Message>('/account/resend-email/', { body: { ...(email ? { email } : {}), 'g-recaptcha-response': await humanCheckToken() } });

/**
 * 'Resend Email' with its outcome as a line of text: the success wording given, or 'Failed to send
 * Email Verification' followed by the server's error (spec 1 §8).
 */
export function useResendEmail(successText: string) {
  const mutation = useMutation({ mutationFn: resendEmail });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  async function send() {
    setResult(null);
    try {
      await mutation.mutateAsync(undefined);
      setResult({ ok: true, text: successText });
    } catch (error) {
      const { fieldErrors, banner } = readServerError(error, ['email']);
      setResult({ ok: false, text: `${sessionMessages.resendFailed} ${[banner, ...Object.values(fieldErrors)].filter(Boolean).join(' ')}`.trim() });
    }
  }
  return { send, result, pending: mutation.isPending };
}
