import { z } from 'zod';
import { profileMessages } from '../account/messages';
import { authMessages as m } from './messages';
import { passwordProblem } from './password';

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired })
  .pipe(z.email({ error: m.emailInvalid }));

const password = z.string({ error: m.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Confirmation field: only "required" of its own; the match is checked across fields. */
const confirmation = z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired });

function mustMatch<K extends string>(first: K, second: K) {
  return {
    check: (data: Record<K, string>) => data[first] === data[second],
    options: {
      message: m.passwordMismatch,
      path: [second],
      // Show the mismatch even while other fields still have errors, as the form does.
      when: (payload: { value: unknown }) => {
        const value = payload.value as Partial<Record<K, unknown>> | undefined;
        return typeof value?.[first] === 'string' && typeof value?.[second] === 'string' && value[second] !== '';
      },
    },
  };
}

const humanCheck = z.string().optional().describe('Human-check token (proof-of-work payload or reCAPTCHA v3 token)');

const signupMatch = mustMatch('password1', 'password2');
export const signupFormSchema = z
  .object({ username: requiredText(m.usernameRequired), email, password1: password, password2: confirmation })
  .refine(signupMatch.check, signupMatch.options);
export type SignupForm = z.infer<typeof signupFormSchema>;

export const registerBodySchema = z
  .object({
    username: requiredText(m.usernameRequired),
    email,
    password1: password,
    password2: confirmation,
    school: z.coerce.number().int().positive().optional(),
    'g-recaptcha-response': humanCheck,
  })
  .refine(signupMatch.check, signupMatch.options);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** A staff account made from a team invitation: the address is the invitation's, proven by its link. */
export const staffSignupSchema = z
  .object({
    first_name: requiredText(profileMessages.firstNameRequired).pipe(z.string().max(150)),
    last_name: requiredText(profileMessages.lastNameRequired).pipe(z.string().max(150)),
    username: requiredText(m.usernameRequired),
    password1: password,
    password2: confirmation,
  })
  .refine(signupMatch.check, signupMatch.options);
export type StaffSignup = z.infer<typeof staffSignupSchema>;

export const loginBodySchema = z.object({
  username: z.string({ error: m.usernameRequired }).trim().min(1, { error: m.usernameRequired }),
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }),
  remember_me: z.boolean().optional().describe('Keep me logged in: a long-lived token instead of a browser-session one'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
/** What the login form holds: no client checks (spec 1 §5), so even empty fields reach the server's rules above. */
export const loginFormSchema = z.object({ username: z.string(), password: z.string(), remember_me: loginBodySchema.shape.remember_me });

export const emailFormSchema = z.object({ email });
export type EmailForm = z.infer<typeof emailFormSchema>;

export const emailWithHumanCheckSchema = z.object({ email, 'g-recaptcha-response': humanCheck });
export const resendBodySchema = z.object({ email: email.optional(), 'g-recaptcha-response': humanCheck });

const resetMatch = mustMatch('password', 'password_confirm');
export const resetFormSchema = z
  .object({ password, password_confirm: confirmation })
  .refine(resetMatch.check, resetMatch.options);
export type ResetForm = z.infer<typeof resetFormSchema>;

export const resetBodySchema = z
  .object({
    password,
    password_confirm: confirmation,
    uid_and_token_b64: z.string().min(1).max(512),
    'g-recaptcha-response': humanCheck,
  })
  .refine(resetMatch.check, resetMatch.options);
export type ResetBody = z.infer<typeof resetBodySchema>;

const changeMatch = mustMatch('new_password1', 'new_password2');
export const changePasswordSchema = z
  .object({
    old_password: z.string({ error: m.oldPasswordRequired }).min(1, { error: m.oldPasswordRequired }),
    new_password1: password,
    new_password2: confirmation,
  })
  .refine(changeMatch.check, changeMatch.options);
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

export const verifyEmailBodySchema = z.object({ key: z.string().min(1).max(512) });

export const roleSchema = z.enum(['ST', 'SA', 'IN', 'SU']);
export type Role = z.infer<typeof roleSchema>;

export const tokenResponseSchema = z.object({
  token: z.string(),
  student_id: z.number().nullable(),
  id: z.number(),
  role: roleSchema,
  expires_at: z.string().nullable(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
/** A new account's session, with the address the verification link went to. */
export const registeredSchema = tokenResponseSchema.extend({ email: z.string() });
export type Registered = z.infer<typeof registeredSchema>;

export const socialProviderSchema = z.enum(['google', 'facebook']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const socialLoginBodySchema = z.object({
  access_token: z.string().min(1).max(4096).optional(),
  id_token: z.string().min(1).max(8192).optional(),
  remember_me: loginBodySchema.shape.remember_me,
});
export const socialSignupBodySchema = z.object({
  token: z.string().min(1).max(8192),
  role: z.literal('ST'),
  school_id: z.coerce.number().int().positive(),
});

/** A sign-in code carries a session to another school's host (`/auth/{code}`); it works once, for a minute. */
export const signInCodeSchema = z.object({ code: z.string(), expires_in: z.number() });
export type SignInCode = z.infer<typeof signInCodeSchema>;
export const signInCodeBodySchema = z.object({ code: z.string().min(1).max(200) });
export const signInCodeHolderSchema = z.object({ id: z.number(), username: z.string(), email: z.string(), full_name: z.string() });
export type SignInCodeHolder = z.infer<typeof signInCodeHolderSchema>;
/** The session a code opens, kept as long as the one it came from ("Keep me logged in"). */
export const redeemedSessionSchema = tokenResponseSchema.extend({ remember: z.boolean() });
export type RedeemedSession = z.infer<typeof redeemedSessionSchema>;
