import { randomBytes } from 'node:crypto';
import { client } from './http';
import { humanToken } from './human';

/** A name no other test in this run uses (the PostgreSQL run shares one database). */
export const unique = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export const PASSWORD = 'secret123';

/** Registers a student through the API and answers its token response and credentials. */
export async function registerStudent(baseUrl: string, overrides: Partial<{ username: string; email: string; password: string; host: string }> = {}) {
  const username = overrides.username ?? unique('st');
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const res = await client(baseUrl).post(
    '/api/v1/student/register/',
    { username, email, password1: password, password2: password, 'g-recaptcha-response': await humanToken(baseUrl) },
    { host: overrides.host },
  );
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { ...res.body, username, email, password } as { token: string; id: number; student_id: number; role: string; username: string; email: string; password: string };
}

/** The newest outbox message to an address, through the dev mailbox. */
export async function lastMail(baseUrl: string, to: string) {
  const res = await client(baseUrl).get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const [message] = res.body.data as { subject: string; html: string; text: string; from: string }[];
  if (!message) throw new Error(`no mail to ${to}`);
  return message;
}

export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error('no link in the message');
  return new URL(match[0]);
}
