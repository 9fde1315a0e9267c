import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycMessages as msg } from '@school/shared/kyc/rules';
import { identitySettingsMessages } from '@school/shared/staff/identity-settings';
import { courses, enrollments, kycIds, kycSnapshots, kycSubmissions, kycTemplates, schools } from '../apps/server/src/db/schema/index';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { createCourse, createSchool, createStaff, createStudent, waitFor } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInAt } from './support/demo-study';
import { toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp({}, { fakeCamera: path.resolve(import.meta.dirname, 'fixtures', 'face.y4m') });
});
afterAll(() => app.close());

const demo = { host: 'demo.localhost' };
const login = async (username: string) => (await client(app.server.url).post('/api/v1/api-token-auth/', { username, password: DEMO_PASSWORD }, demo)).body as { token: string };

describe("the administrators' identity review", () => {
  it("shows the demo's manual submission with its photos, wants a reason to reject, approves it, and the student's snapshots then match", { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const { page } = await signedInAt(app, admin.token, '/staff/id-verification');
    await visible(page.getByRole('heading', { level: 1, name: 'ID Verification Reviews' }));
    const card = await visible(page.getByRole('article', { name: 'Ana Reyes Dela Cruz' }));
    await visible(card.getByText('verifying@example.com', { exact: false }));
    for (const name of ['IBP ID of Ana Reyes Dela Cruz', 'Selfie of Ana Reyes Dela Cruz']) {
      const image = card.getByRole('img', { name });
      await image.waitFor();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    }
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Reject' }).click();
    await visible(card.getByText(msg.reasonRequired));
    await card.getByRole('button', { name: 'Approve' }).click();
    await toast(page, "Ana Reyes Dela Cruz's ID is verified.");
    await page.getByRole('article', { name: 'Ana Reyes Dela Cruz' }).waitFor({ state: 'detached' });
    await visible(page.getByText('No data to display'));
    await page.getByLabel('Show').selectOption('verified');
    await visible(page.getByRole('article', { name: 'Ana Reyes Dela Cruz' }));

    // Dark mode and a phone's width.
    const { page: phone } = await signedInAt(app, admin.token, '/staff/id-verification', { width: 360, height: 740 });
    await phone.evaluate(() => localStorage.setItem('theme', 'dark'));
    await phone.reload();
    await phone.getByLabel('Show').selectOption('verified');
    await visible(phone.getByRole('article', { name: 'Ana Reyes Dela Cruz' }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);

    // The student, verified now, studies a course with snapshots: the camera's face matches the approved selfie.
    const student = await login('verifying');
    const api = client(app.server.url);
    const school = (await api.get('/api/v1/school/demo/')).body as { id: number };
    const list = (await api.get(`/api/v1/schools/${school.id}/courses/?perpage=60`)).body.data as { id: number; name: string; slug: string }[];
    const course = list.find((c) => c.name === 'Code of Professional Responsibility and Accountability')!;
    const period = (await api.get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id as number;
    expect((await api.post('/api/v1/student/enrollment/', { course: course.id, action: 'free', compliance_period: period }, { token: student.token, ...demo })).status).toBeLessThan(300);
    const detail = (await api.get(`/api/v1/courses/${course.id}/`, { token: student.token, ...demo })).body as { enrollment: { id: number }; modules: { coursewares: { id: number }[] }[] };
    const first = detail.modules[0]!.coursewares[0]!.id;
    const { page: player, context } = await signedInAt(app, student.token, `/course/${course.slug}`);
    // The GENERAL NOTICE and the lobby's selfie check (lobby.spec goes through it) taken as done.
    await context.addInitScript((id) => {
      sessionStorage.setItem(`general-notice-${id}`, 'yes');
      sessionStorage.setItem(`identity-lobby-${id}`, 'yes');
    }, course.id);
    await player.goto(`${app.origin('demo')}/course/${course.slug}/module/${first}`);
    const snapshots = () => app.server.database.db.select().from(kycSnapshots).where(eq(kycSnapshots.enrollmentId, detail.enrollment.id)).orderBy(asc(kycSnapshots.id));
    const [taken] = await waitFor(async () => ((await snapshots()).length ? snapshots() : null), 60_000);
    expect(taken).toMatchObject({ result: 'match', faces: 1 });
    expect(taken!.score).toBeGreaterThanOrEqual(0.7);
    const [row] = await app.server.database.db.select({ paused: enrollments.snapshotPausedAt }).from(enrollments).where(eq(enrollments.id, detail.enrollment.id));
    expect(row!.paused).toBeNull();
  });

  it('sets the kinds of ID, the primary one, how long photos are kept and which courses take snapshots', { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db, { name: 'Verity Law Center', products: { kyc: true } });
    const [ibp] = await db.insert(kycTemplates).values(['IBP ID', 'Passport'].map((templateName, position) => ({ schoolId: school.id, templateName, position }))).returning();
    // A student has sent an IBP ID: that kind can be renamed, not removed.
    const sender = await createStudent(db, { school });
    const [submission] = await db.insert(kycSubmissions).values({ schoolId: school.id, userId: sender.user.id, mode: 'manual', status: 'manual' }).returning();
    await db.insert(kycIds).values({ schoolId: school.id, userId: sender.user.id, position: 0, templateId: ibp!.id, submissionId: submission!.id });
    const course = await createCourse(db, { school, name: 'Special Penal Laws' });
    const admin = await createStaff(db, { school });

    const { page } = await signedInAt(app, admin.token, '/staff/id-verification', undefined, school.domain);
    await page.getByRole('link', { name: 'Identity settings' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Identity settings' }));
    const form = page.getByRole('form', { name: 'Identity settings' });
    await visible(form.getByText('Students have sent this kind: it can be renamed, not removed.'));
    expect(await form.getByRole('button', { name: 'Remove IBP ID' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Name of kind 1').fill('IBP Identification Card');
    await form.getByRole('button', { name: 'Remove Passport' }).click();
    await form.getByRole('button', { name: 'Add a kind of ID' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText(identitySettingsMessages.kindName));
    await form.getByLabel('Name of kind 2').fill("Driver's License");
    await form.getByRole('listitem').filter({ has: page.getByLabel('Name of kind 2') }).getByLabel('The primary ID').check();
    await form.getByRole('button', { name: "Move Driver's License up" }).click();
    await form.getByLabel('Days the photos are kept after a decision').fill('7');
    await form.getByLabel('Special Penal Laws').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText(identitySettingsMessages.retention));
    await form.getByLabel('Days the photos are kept after a decision').fill('90');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, identitySettingsMessages.saved);

    // Students choose from the new list; the primary ID, the days and the course's snapshots are stored.
    const student = await createStudent(db, { school });
    const kinds = (await client(app.server.url).get('/api/v1/kyc/template_ids/', { token: student.token, host: school.host })).body as { id: number; template_name: string }[];
    expect(kinds.map((k) => k.template_name)).toEqual(["Driver's License", 'IBP Identification Card']);
    const [row] = await db.select().from(schools).where(eq(schools.id, school.id));
    expect(row).toMatchObject({ kycRetentionDays: 90, products: { primary_id: kinds[0]!.id } });
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.enableKyl).toBe(true);
    await page.reload();
    await visible(form.getByLabel('Name of kind 1'));
    expect(await form.getByLabel('Name of kind 1').inputValue()).toBe("Driver's License");
    expect(await form.getByLabel('Special Penal Laws').isChecked()).toBe(true);

    const { page: phone } = await signedInAt(app, admin.token, '/staff/id-verification/settings', { width: 360, height: 740 }, school.domain);
    await phone.evaluate(() => localStorage.setItem('theme', 'dark'));
    await phone.reload();
    await visible(phone.getByLabel('Name of kind 1'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
