import { describe, expect, it } from 'vitest';
import { authMessages as m } from './messages';
import { passwordProblem } from './password';
import { changePasswordSchema, emailFormSchema, loginBodySchema, resetFormSchema, signupFormSchema } from './schemas';

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? 'non_field_errors');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

describe('passwordProblem', () => {
  it.each([
    ['', m.passwordRequired],
    [undefined, m.passwordRequired],
    ['abc1234', m.passwordTooShort],
    ['12345678', m.passwordDigitsOnly],
    ['0000000000000', m.passwordDigitsOnly],
    ['abcdefgh', undefined],
    ['abcd1234', undefined],
    ['        ', undefined],
  ])('%j -> %s', (value, expected) => {
    expect(passwordProblem(value)).toBe(expected);
  });
});

describe('signup form', () => {
  it('names every missing field with its own message', () => {
    expect(fieldErrors(signupFormSchema.safeParse({ username: '', email: '', password1: '', password2: '' }))).toEqual({
      username: [m.usernameRequired],
      email: [m.emailRequired],
      password1: [m.passwordRequired],
      password2: [m.passwordRequired],
    });
  });
  it('treats absent fields as missing', () => {
    expect(fieldErrors(signupFormSchema.safeParse({}))).toEqual({
      username: [m.usernameRequired],
      email: [m.emailRequired],
      password1: [m.passwordRequired],
      password2: [m.passwordRequired],
    });
  });
  it('refuses a malformed email', () => {
    const errors = fieldErrors(signupFormSchema.safeParse({ username: 'a', email: 'not-an-email', password1: 'abcd1234', password2: 'abcd1234' }));
    expect(errors).toEqual({ email: [m.emailInvalid] });
  });
  it('reports a mismatch even when another field is wrong', () => {
    const errors = fieldErrors(signupFormSchema.safeParse({ username: '', email: 'a@b.co', password1: 'abcd1234', password2: 'abcd12345' }));
    expect(errors).toEqual({ username: [m.usernameRequired], password2: [m.passwordMismatch] });
  });
  it('reports short and digits-only passwords', () => {
    expect(fieldErrors(signupFormSchema.safeParse({ username: 'u', email: 'a@b.co', password1: 'ab1', password2: 'ab1' }))).toEqual({
      password1: [m.passwordTooShort],
    });
    expect(fieldErrors(signupFormSchema.safeParse({ username: 'u', email: 'a@b.co', password1: '123456789', password2: '123456789' }))).toEqual({
      password1: [m.passwordDigitsOnly],
    });
  });
  it('accepts a valid sign-up and trims username and email', () => {
    const result = signupFormSchema.safeParse({ username: ' juan ', email: ' juan@example.com ', password1: 'secret123', password2: 'secret123' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ username: 'juan', email: 'juan@example.com' });
  });
});

describe('other auth forms', () => {
  it('forgot password needs a valid email', () => {
    expect(fieldErrors(emailFormSchema.safeParse({ email: '' }))).toEqual({ email: [m.emailRequired] });
    expect(fieldErrors(emailFormSchema.safeParse({ email: 'x@' }))).toEqual({ email: [m.emailInvalid] });
    expect(emailFormSchema.safeParse({ email: 'x@y.ph' }).success).toBe(true);
  });
  it('reset password applies the password rules and the match', () => {
    expect(fieldErrors(resetFormSchema.safeParse({ password: '', password_confirm: '' }))).toEqual({
      password: [m.passwordRequired],
      password_confirm: [m.passwordRequired],
    });
    expect(fieldErrors(resetFormSchema.safeParse({ password: 'abcd1234', password_confirm: 'abcd1235' }))).toEqual({
      password_confirm: [m.passwordMismatch],
    });
  });
  it('change password needs the old password', () => {
    expect(fieldErrors(changePasswordSchema.safeParse({ old_password: '', new_password1: '1234', new_password2: '' }))).toEqual({
      old_password: [m.oldPasswordRequired],
      new_password1: [m.passwordTooShort],
      new_password2: [m.passwordRequired],
    });
  });
  it('login has no client rules beyond presence', () => {
    expect(loginBodySchema.safeParse({ username: 'x', password: 'y' }).success).toBe(true);
  });
});
