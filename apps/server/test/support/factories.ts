import { randomBytes } from 'node:crypto';
import { client } from './http';
import { humanToken } from './human';

/** A name no other test in this run uses (the PostgreSQL run shares one database). */
export const unique = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export const PASSWORD = 'secret123';

/** Registers a student through the API and answers its token response and credentials. */
export async function registerStudent(baseUrl: string, overrides: Partial<{ username: string; email: string; password: string; host: string; headers: Record<string, string> }> = {}) {
  const username = overrides.username ?? unique('st');
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const res = await client(baseUrl).post(
    '/api/v1/student/register/',
    { username, email, password1: password, password2: password, 'g-recaptcha-response': await humanToken(baseUrl, overrides.headers) },
    { host: overrides.host, headers: overrides.headers },
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

/** A verified student with a complete basic profile and, unless told otherwise, an MCLE profile. */
export async function eligibleStudent(baseUrl: string, options: { mcle?: boolean; host?: string } = {}) {
  const api = client(baseUrl);
  const student = await registerStudent(baseUrl, { host: options.host });
  const link = linkIn((await lastMail(baseUrl, student.email)).text);
  await api.post('/api/v1/account/verify-email/', { key: link.searchParams.get('key') });
  await api.put(
    `/api/v1/students/${student.student_id}/`,
    { first_name: 'Test', middle_name: ' ', last_name: 'Student', mobile_number: '9170000000', country_code: '63', birthday: '1990-01-01', gender: 'F', type: 'P' },
    { token: student.token },
  );
  if (options.mcle !== false) {
    const regions = (await api.get('/api/v1/ph_regions/')).body.data as { id: string; provinces: { id: string; cities: { id: string; name: string; zips: { code: string }[] }[] }[] }[];
    const ncr = regions.find((r) => r.id === '1300000000')!;
    const city = ncr.provinces[0]!.cities.find((c) => c.name === 'Makati City')!;
    const chapter = (await api.get('/api/v1/ibp_chapters/')).body.data[0].id;
    const res = await api.put(
      `/api/v1/students/${student.student_id}/mcle_profile/`,
      { roll_number: '1', ibp_chapter: chapter, law_school: 'others', law_school_others: 'X', company: 'C', position: 'P', address: 'A', region: ncr.id, province: ncr.provinces[0]!.id, city: city.id, zip_code: city.zips[0]!.code, consent: true },
      { token: student.token },
    );
    if (res.status !== 200) throw new Error(`MCLE profile failed: ${res.text}`);
  }
  return student;
}
