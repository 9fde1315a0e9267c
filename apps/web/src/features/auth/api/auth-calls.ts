import { useMutation, useQuery } from '@tanstack/react-query';
import type { Message } from '@school/shared/api/errors';
import type { EmailForm, LoginBody, RedeemedSession, Registered, ResetForm, SignInCodeHolder, SignupForm, SocialProvider, StaffSignup, TokenResponse } from '@school/shared/auth/schemas';
import type { PublicInvitation } from '@school/shared/staff/team';
import { api } from '@/lib/api-client';
import { humanCheckToken } from '@/lib/human-check';

export const login = (body: LoginBody) => api<TokenResponse>('/api-token-auth/', { body });
export const useLogin = () => useMutation({ mutationFn: login });

export const register = async (body: SignupForm & { school: number }) =>
  api<Registered>('/student/register/', { body: { ...body, 'g-recaptcha-response': await humanCheckToken() } });
export const useRegister = () => useMutation({ mutationFn: register });

export const forgotPassword = async (body: EmailForm) =>
  api<Message>('/account/forgot-password/', { body: { ...body, 'g-recaptcha-response': await humanCheckToken() } });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

export const resetPassword = async (body: ResetForm & { uid_and_token_b64: string }) =>
  api<Message>('/account/reset-password/', { body: { ...body, 'g-recaptcha-response': await humanCheckToken() } });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

export const verifyEmail = (key: string) => api<Message>('/account/verify-email/', { body: { key } });

export const logout = () => api<Message>('/logout/', { method: 'POST', handleUnauthorized: false });

export const socialLogin = (provider: SocialProvider, token: string, rememberMe: boolean) =>
  api<TokenResponse>(`/account/login/${provider}/`, { body: { ...(provider === 'google' ? { id_token: token } : { access_token: token }), remember_me: rememberMe } });
export const socialSignup = (provider: SocialProvider, token: string, schoolId: number) =>
  api<TokenResponse>(`/account/signup/${provider}/`, { body: { token, role: 'ST', school_id: schoolId } });

export const signInCodeHolder = (code: string) => api<SignInCodeHolder>('/auth/sign-in-codes/holder/', { body: { code } });
export const redeemSignInCode = (code: string) => api<RedeemedSession>('/auth/sign-in-codes/redeem/', { body: { code } });

const invitationPath = (key: string) => `/invitations/${encodeURIComponent(key)}/`;

/** A team invitation's link: what it offers and whether it still works. */
export const useInvitation = (key: string) => useQuery({ queryKey: ['invitation', key], queryFn: () => api<PublicInvitation>(invitationPath(key)), retry: false });

export const useAcceptInvitation = (key: string) => useMutation({ mutationFn: () => api<{ message: string }>(`${invitationPath(key)}accept/`, { method: 'POST' }) });

export const useInvitationSignup = (key: string) => useMutation({ mutationFn: (body: StaffSignup) => api<TokenResponse>(`${invitationPath(key)}signup/`, { body }) });
