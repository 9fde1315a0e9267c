import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MEDIA_TYPES, STAYING_TYPES } from '@school/shared/learning/rules';
import { coursewareProgress, coursewares } from '../../apps/server/src/db/schema/index';
import { client } from '../../apps/server/test/support/http';
import type { E2eApp } from './app';

/** A browser of its own; the demo school's announcement, shown once per browser session, is taken as seen. */
export async function demoBrowser(app: E2eApp, viewport?: { width: number; height: number }) {
  const { page, context } = await app.newPage(viewport ? { viewport } : {});
  await context.addInitScript(() => {
    for (let id = 1; id < 10; id++) sessionStorage.setItem(`announcement-seen:${id}`, '1');
  });
  return { page, context };
}

/** A browser signed in with a session token at a school (the demo's unless told), at `path`. */
export async function signedInAt(app: E2eApp, token: string, path: string, viewport?: { width: number; height: number }, school?: string) {
  const { page, context } = await demoBrowser(app, viewport);
  await page.goto(await app.signInUrl(token, { school, redirect: path }));
  await page.waitForURL(`**${path}`);
  return { page, context };
}

/**
 * Enrols the caller (free) in a demo course and does every courseware but `lastName`, which is left for the test.
 * Those before it are opened and completed through the player's own calls (media with their watched time written
 * as player.spec does; an exam and a live class, which only a submission or joining completes, recorded
 * straight); those after it (a 10-minute YouTube lecture, SoundCloud, the live class held at its hour) are
 * recorded straight.
 */
export async function nearlyFinish(app: E2eApp, as: { token: string; host: string }, courseName: string, lastName: string, compliancePeriod: number) {
  const api = client(app.server.url);
  const db = app.server.database.db;
  const school = (await api.get('/api/v1/school/demo/')).body as { id: number; name: string };
  const list = (await api.get(`/api/v1/schools/${school.id}/courses/?perpage=60`)).body.data as { id: number; name: string; slug: string }[];
  const course = list.find((c) => c.name === courseName)!;
  const enrolled = await api.post('/api/v1/student/enrollment/', { course: course.id, action: 'free', compliance_period: compliancePeriod }, as);
  expect(enrolled.status, enrolled.text).toBeLessThan(300);

  const detail = (await api.get(`/api/v1/courses/${course.id}/`, as)).body as { modules: { coursewares: { id: number; name: string; type: string }[] }[] };
  const outline = detail.modules.flatMap((m) => m.coursewares);
  const last = outline.findIndex((c) => c.name === lastName);
  const seconds = async (id: number) => (await db.select({ mediaSeconds: coursewares.mediaSeconds }).from(coursewares).where(eq(coursewares.id, id)))[0]!.mediaSeconds ?? 0;
  let enrollmentId = 0;
  const now = new Date();
  for (const ware of outline.slice(0, last)) {
    const opened = await api.get(`/api/v1/coursewares/${ware.id}/`, as);
    expect(opened.status, opened.text).toBe(200);
    enrollmentId = opened.body.enrollment;
    if ([...STAYING_TYPES, 'class'].includes(ware.type)) {
      await db
        .insert(coursewareProgress)
        .values({ schoolId: school.id, enrollmentId, coursewareId: ware.id, openedAt: now, completedAt: now })
        .onConflictDoUpdate({ target: [coursewareProgress.enrollmentId, coursewareProgress.coursewareId], set: { completedAt: now } });
      continue;
    }
    if (MEDIA_TYPES.includes(ware.type)) {
      // As if watched through: the saved second and the time spent both reach the media's length.
      const length = await seconds(ware.id);
      await db
        .update(coursewareProgress)
        .set({ seconds: length, watchedSeconds: length })
        .where(and(eq(coursewareProgress.enrollmentId, enrollmentId), eq(coursewareProgress.coursewareId, ware.id)));
    }
    const done = await api.post(`/api/v1/coursewares/${ware.id}/complete/`, {}, as);
    expect(done.status, done.text).toBe(200);
  }
  for (const ware of outline.slice(last + 1)) {
    await db.insert(coursewareProgress).values({ schoolId: school.id, enrollmentId, coursewareId: ware.id, seconds: await seconds(ware.id), openedAt: now, completedAt: now });
  }
  return { school, course, enrollmentId, last: outline[last]! };
}
