import { PASSWORD, unique } from './factories';
import { humanToken } from './human';
import { request, type RequestOptions } from './http';

export type LoadOp = 'sign-up' | 'enrol' | 'progress' | 'forum' | 'course list';

/** One request of the load, as its client saw it. `status` 0: no answer at all (the connection failed). */
export interface LoadRecord {
  op: LoadOp;
  /** What the write names, to find it in the database: a username, a user id, `enrolment:seconds`, a title. */
  key: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** nginx's X-Upstream: the processes it tried, the last one answered. */
  upstream: string;
}

export interface LoadStudent {
  userId: number;
  token: string;
  /** Their enrolment in the load's course, whose video they have opened; null: not enrolled yet (enrols once). */
  enrollmentId: number | null;
}

export interface LoadPlan {
  url: string;
  host: string;
  schoolId: number;
  courseId: number;
  /** A forward-streaming video of the course: any second may be saved. */
  videoId: number;
  students: LoadStudent[];
  workers: number;
  durationMs: number;
  /** Each client starts an operation every `periodMs` at most (a student's pace, not a flood). */
  periodMs: number;
}

const SUCCESS: Record<LoadOp, number> = { 'sign-up': 201, enrol: 201, progress: 200, forum: 201, 'course list': 200 };
const OPS: LoadOp[] = ['sign-up', 'enrol', 'progress', 'forum', 'course list', 'progress'];

export const succeeded = (r: LoadRecord) => r.status === SUCCESS[r.op];

/**
 * Students' traffic through `url` for `durationMs`: `workers` clients side by side, each from an address of its
 * own (127.0.1.x; each sign-up from one more, so the per-address limits see several clients), each with its own students, taking the
 * operations in turn. Every write carries a key of its own, so the database can be asked what became of it.
 */
export async function mixedLoad(plan: LoadPlan): Promise<LoadRecord[]> {
  const records: LoadRecord[] = [];
  const started = Date.now();
  const until = started + plan.durationMs;
  const secondsOf = new Map<number, number>();

  async function timed(op: LoadOp, key: string, send: () => Promise<{ status: number; headers: Record<string, unknown> }>) {
    const startedAt = Date.now();
    const answer = await send().catch(() => ({ status: 0, headers: {} as Record<string, unknown> }));
    records.push({ op, key, startedAt, endedAt: Date.now(), status: answer.status, upstream: String(answer.headers['x-upstream'] ?? '') });
  }

  async function worker(w: number) {
    const localAddress = `127.0.1.${w + 1}`;
    const mine = plan.students.filter((_, i) => i % plan.workers === w);
    const call = (path: string, options: RequestOptions) => request(plan.url, `/api/v1${path}`, { host: plan.host, localAddress, ...options });
    for (let n = 0; Date.now() < until; n++) {
      await new Promise((resolve) => setTimeout(resolve, started + n * plan.periodMs - Date.now()));
      const op = OPS[n % OPS.length]!;
      const student = mine[n % mine.length]!;
      if (op === 'sign-up') {
        const username = unique('load');
        // Each newcomer from an address of their own, as people signing up are.
        const from = `127.0.${w + 2}.${(n % 250) + 1}`;
        await timed(op, username, async () => {
          const token = await humanToken(plan.url, { host: plan.host }, { localAddress: from });
          return call('/student/register/', { method: 'POST', localAddress: from, body: { username, email: `${username}@example.com`, password1: PASSWORD, password2: PASSWORD, 'g-recaptcha-response': token } });
        });
      } else if (op === 'enrol') {
        const newcomer = mine.find((s) => s.enrollmentId === null);
        if (!newcomer) continue;
        // Tried once, whatever the answer: the database tells what became of it.
        newcomer.enrollmentId = -1;
        await timed(op, String(newcomer.userId), () => call('/student/enrollment/', { method: 'POST', token: newcomer.token, body: { course: plan.courseId, action: 'free' } }));
      } else if (op === 'progress') {
        const studying = mine.filter((s) => s.enrollmentId !== null && s.enrollmentId > 0);
        const who = studying[n % studying.length];
        if (!who) continue;
        const seconds = (secondsOf.get(who.enrollmentId!) ?? 0) + 5;
        secondsOf.set(who.enrollmentId!, seconds);
        await timed(op, `${who.enrollmentId}:${seconds}`, () => call('/progress/', { method: 'POST', token: who.token, body: { courseware_id: plan.videoId, seconds } }));
      } else if (op === 'forum') {
        const title = `Load question ${unique('q')}`;
        await timed(op, title, () => call('/forums/questions/', { method: 'POST', token: student.token, body: { title, description: 'Asked during the load.', tags: 'load', school: plan.schoolId } }));
      } else {
        await timed(op, '', () => call(`/schools/${plan.schoolId}/courses/`, { method: 'GET' }));
      }
    }
  }

  await Promise.all(Array.from({ length: plan.workers }, (_, w) => worker(w)));
  return records.sort((a, b) => a.startedAt - b.startedAt);
}
