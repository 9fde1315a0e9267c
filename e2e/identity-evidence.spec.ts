import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityTimeline } from '@school/shared/kyc/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInAt } from './support/demo-study';
import { visible } from './support/ui';

const faces = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/faces');
const photo = (name: string) => `data:image/jpeg;base64,${readFileSync(path.join(faces, name)).toString('base64')}`;
const phone = { width: 360, height: 740 };

/** RFC 4180 CSV (quoted fields with commas and doubled quotes) into rows of fields. */
function csvRows(text: string) {
  const rows: string[][] = [[]];
  for (const [, quoted, plain, end] of text.matchAll(/(?:"((?:[^"]|"")*)"|([^,\r\n]*))(,|\r?\n|$)/g)) {
    rows.at(-1)!.push(quoted === undefined ? plain! : quoted.replaceAll('""', '"'));
    if (end === '') break;
    if (end !== ',') rows.push([]);
  }
  return rows.filter((row) => row.some((field) => field !== ''));
}

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe("the administrators' identity evidence", () => {
  it("lists a course's flagged learners with the records export, and opens one's timeline of snapshots, pauses and progress; an instructor is refused", { timeout: 180_000 }, async () => {
    const db = app.server.database.db;
    const api = client(app.server.url);
    const school = await createSchool(db, { products: { kyc: true } });
    const course = await createCourse(db, { school, name: 'Evidence on Camera', enableKyl: true });
    const [reading] = await createOutline(db, course, [
      { type: 'html', name: 'Reading', content: '<p>Candour towards the court.</p>' },
      { type: 'html', name: 'Second Reading', content: '<p>Fidelity to the client.</p>' },
    ]);
    const student = await createStudent(db, { school });
    const enrolment = await createEnrolment(db, { student, course });
    const as = { token: student.token, host: school.host };

    // Snapshots as the player sends them: a face (no verified selfie to compare it with), none (the session
    // pauses), a face again (it resumes, and the reading can be completed).
    const snap = (name: string) => api.post('/api/v1/kyc/upload/snapshot/', { image: photo(name), course_id: course.id }, as);
    expect((await snap('astronaut.jpg')).body).toMatchObject({ result: 'unverified' });
    expect((await snap('coffee.jpg')).body).toMatchObject({ code: 'no_face' });
    expect((await snap('astronaut.jpg')).body).toMatchObject({ result: 'unverified' });
    expect((await api.get(`/api/v1/coursewares/${reading!.id}/`, as)).status).toBe(200);
    expect((await api.post(`/api/v1/coursewares/${reading!.id}/complete/`, {}, as)).status).toBe(200);

    const admin = await createStaff(db, { school });
    const staffAs = { token: admin.token, host: school.host };
    const timeline = (await api.get<IdentityTimeline>(`/api/v1/enrollments/${enrolment.id}/identity/`, staffAs)).body;
    const when = (iso: string) => dateTimeIn(iso, school.timeZone);
    const [pause] = timeline.pauses;
    const learner = timeline.enrollment.learner;
    const coursePath = `/staff/courses/${course.id}/identity`;
    const enrolmentPath = `/staff/enrollments/${enrolment.id}/identity`;

    // The course's flagged sessions: the learner with one 'no face', linking to the timeline.
    // Reached from the course's own page, where administrators find the link.
    const { page } = await signedInAt(app, admin.token, `/course/${course.slug}`, undefined, school.domain);
    await page.getByRole('link', { name: 'Identity evidence' }).click();
    await page.waitForURL(`**${coursePath}`);
    await visible(page.getByRole('heading', { level: 1, name: `Flagged Sessions: ${course.name}` }));
    const table = page.getByRole('table', { name: 'Learners with flagged snapshots' });
    const row = await visible(table.getByRole('row').filter({ hasText: student.user.email }));
    expect(await row.getByRole('rowheader').textContent()).toBe(`${learner}${student.user.email}`);
    expect(await row.getByRole('cell').allTextContents()).toEqual(['1', '0', '0', when(pause!.from)]);
    expect(await row.getByRole('link', { name: learner }).getAttribute('href')).toBe(enrolmentPath);
    expect(await seriousViolations(page)).toEqual([]);

    // The enrolment has no compliance period: a period's list leaves it out, and 'All periods' has it again.
    const periods = (await api.get('/api/v1/compliance_periods/', staffAs)).body.data as { id: number; is_current: boolean }[];
    await page.getByLabel('Compliance period').selectOption(String(periods.find((p) => p.is_current)!.id));
    await visible(page.getByText('No data to display'));
    await page.getByLabel('Compliance period').selectOption('');
    await visible(table.getByRole('row').filter({ hasText: student.user.email }));

    // The records export, fetched with the session's token and saved.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download records (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`course-${course.id}-records.csv`);
    const [header, ...records] = csvRows(readFileSync((await download.path())!, 'utf8'));
    const record = records.find((r) => r[header!.indexOf('email')] === student.user.email)!;
    expect(record[header!.indexOf('snapshots')]).toBe('3');
    expect(record[header!.indexOf('snapshots_flagged')]).toBe('1');

    // The timeline: the learner, no KYC decision yet, the pause from the flagged snapshot to the next, the
    // snapshots with their results in words, the progress.
    await row.getByRole('link', { name: learner }).click();
    await page.waitForURL(`**${enrolmentPath}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Identity Timeline' }));
    await visible(page.getByRole('heading', { level: 2, name: learner }));
    expect(timeline.enrollment.progress).toBe(50);
    await visible(page.getByText(`${student.user.email} · Evidence on Camera · 50 % done`));
    await visible(page.getByRole('region', { name: 'ID verification' }).getByText('No data to display'));
    expect(await page.getByRole('region', { name: 'Flagged sessions' }).getByRole('listitem').allTextContents()).toEqual([`No face · paused from ${when(pause!.from)} to ${when(pause!.to!)}`]);
    const snapshots = page.getByRole('region', { name: 'Snapshots' });
    const captions = await snapshots.locator('figcaption').allTextContents();
    expect(captions).toEqual(timeline.snapshots.map((s, i) => `${i === 1 ? 'Flagged: No face' : 'Face seen, not compared'}${when(s.taken_at)}`));
    const flagged = snapshots.getByRole('img', { name: `Snapshot at ${when(timeline.snapshots[1]!.taken_at)}: No face` });
    await flagged.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await flagged.elementHandle());
    const progress = page.getByRole('table', { name: 'Coursewares opened and completed, with the time spent' });
    expect(await progress.getByRole('row').allTextContents()).toEqual([
      'CoursewareLast openedCompletedTime spentActions',
      `Reading${when(timeline.progress[0]!.opened_at)}${when(timeline.progress[0]!.completed_at!)}Not measured`,
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // Dark mode, both screens.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(page.getByRole('heading', { level: 2, name: learner }));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goBack();
    await visible(table.getByRole('row').filter({ hasText: student.user.email }));
    expect(await seriousViolations(page)).toEqual([]);

    // A phone's width: neither screen scrolls sideways.
    const { page: small } = await signedInAt(app, admin.token, enrolmentPath, phone, school.domain);
    await visible(small.getByRole('heading', { level: 2, name: learner }));
    await noHorizontalScroll(small);
    await small.goto(`${app.origin(school.domain)}${coursePath}`);
    await visible(small.getByRole('table', { name: 'Learners with flagged snapshots' }));
    await noHorizontalScroll(small);

    // An instructor of the school is refused both.
    const instructor = await createStaff(db, { school, role: 'IN' });
    const { page: other } = await signedInAt(app, instructor.token, coursePath, undefined, school.domain);
    await visible(other.getByRole('alert').filter({ hasText: "Only the school's administrators see the flagged sessions of its courses." }));
    expect(await other.getByRole('button', { name: 'Download records (CSV)' }).count()).toBe(0);
    await other.goto(`${app.origin(school.domain)}${enrolmentPath}`);
    await visible(other.getByRole('alert').filter({ hasText: "Only the school's administrators see the identity evidence of its enrolments." }));
    expect(await other.getByRole('main').getByRole('img').count()).toBe(0);
  });
});

describe('a lesson a student cannot study', () => {
  it('is marked complete for them by an administrator from the enrolment, after a confirmation', async () => {
    const db = app.server.database.db;
    const api = client(app.server.url);
    const school = await createSchool(db);
    const course = await createCourse(db, { school, name: 'Blocked Network Course' });
    const [reading, lecture] = await createOutline(db, course, [
      { type: 'html', name: 'Reading', content: '<p>Read</p>' },
      { type: 'yt', name: 'Recorded lecture', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', mediaSeconds: 600 },
    ]);
    const enrolment = await createEnrolment(db, { course });
    const as = { token: enrolment.student.token, host: school.host };
    await api.get(`/api/v1/coursewares/${reading!.id}/`, as);
    await api.post(`/api/v1/coursewares/${reading!.id}/complete/`, {}, as);
    await api.get(`/api/v1/coursewares/${lecture!.id}/`, as);
    const admin = await createStaff(db, { school });

    const { page } = await signedInAt(app, admin.token, `/staff/enrollments/${enrolment.id}/identity`, phone, school.domain);
    const progress = page.getByRole('table', { name: 'Coursewares opened and completed, with the time spent' });
    expect(await progress.getByRole('button', { name: 'Mark complete: Reading' }).count()).toBe(0);
    await progress.getByRole('button', { name: 'Mark complete: Recorded lecture' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark complete' });
    await visible(confirm.getByText('Recorded lecture'));
    await confirm.getByRole('button', { name: 'Mark complete', exact: true }).click();
    await visible(page.getByText(`Recorded lecture is complete for`));
    await progress.getByRole('button', { name: 'Mark complete: Recorded lecture' }).waitFor({ state: 'detached' });
    expect((await api.get(`/api/v1/enrollments/${enrolment.id}/`, as)).body).toMatchObject({ progress: 100, completed_coursewares: [reading!.id, lecture!.id] });
    await noHorizontalScroll(page);
  });
});
