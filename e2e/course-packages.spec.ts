import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePackageMessages as msg } from '@school/shared/staff/course-packages';
import { courses, examQuestions, exams } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent } from '../apps/server/test/support/factories';
import { SHORT_VIDEO, startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInAt } from './support/demo-study';
import { dialog, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('course packages', () => {
  it('exports a course at one school and imports it at another, where a student studies the copy', { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const from = await createSchool(db, { name: 'Cebu Law Center' });
    const course = await createCourse(db, { school: from, name: 'Evidence in Practice', description: '<p>The rules of evidence, with cases.</p>' });
    const [, , quiz] = await createOutline(db, course, [
      { type: 'video', name: 'Opening lecture', ...SHORT_VIDEO },
      { type: 'html', name: 'Hearsay', content: '<h2>Hearsay</h2><p>An out-of-court statement offered for its truth.</p>' },
      { type: 'exam', name: 'Evidence quiz' },
    ]);
    const [exam] = await db.insert(exams).values({ schoolId: from.id, coursewareId: quiz!.id }).returning();
    await db.insert(examQuestions).values({ schoolId: from.id, examId: exam!.id, position: 0, type: 'radio', text: 'Is hearsay admissible as a rule?', choices: ['Yes', 'No'], correctAnswer: ['No'] });

    const exporter = await createStaff(db, { school: from });
    const { page: source } = await signedInAt(app, exporter.token, '/staff/courses', undefined, from.domain);
    const [download] = await Promise.all([source.waitForEvent('download'), source.getByRole('button', { name: 'Export Evidence in Practice' }).click()]);
    expect(download.suggestedFilename()).toBe(`${course.slug}.zip`);
    const zip = await download.path();

    const to = await createSchool(db, { name: 'Davao Law Academy' });
    const importer = await createStaff(db, { school: to });
    const { page } = await signedInAt(app, importer.token, '/staff/courses', undefined, to.domain);
    await page.getByRole('button', { name: 'Import a course' }).click();
    const form = await dialog(page, 'Import a course');
    // Nothing chosen yet: the dialog says what to do.
    await form.getByRole('button', { name: 'Import the course' }).click();
    await visible(form.getByText('Choose the course package (a ZIP file) first.'));
    await form.getByLabel('Course package (ZIP)').setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
    await form.getByRole('button', { name: 'Import the course' }).click();
    await visible(form.getByText(msg.notZip));
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Course package (ZIP)').setInputFiles(zip);
    await form.getByRole('button', { name: 'Import the course' }).click();
    await toast(page, msg.imported('Evidence in Practice'));
    await visible(page.getByRole('heading', { level: 1, name: 'Evidence in Practice' }));
    await visible(page.getByText('Draft', { exact: true }));
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page.getByText('Published', { exact: true }));

    const [copy] = await db.select().from(courses).where(eq(courses.schoolId, to.id));
    const student = await createStudent(db, { school: to });
    await createEnrolment(db, { course: copy!, student });
    const { page: study } = await signedInAt(app, student.token, `/course/${copy!.slug}`, undefined, to.domain);
    await study.getByRole('button', { name: 'Start Learning' }).click();
    await visible(study.getByRole('heading', { level: 1, name: 'Opening lecture' }));
    await study.locator('media-play-button').click();
    await visible(study.getByRole('heading', { level: 1, name: 'Hearsay' }));
    await visible(study.getByText('An out-of-court statement offered for its truth.'));
    await study.getByLabel('Mark as Complete').click();
    await visible(study.getByRole('heading', { level: 1, name: 'Evidence quiz' }));
    await study.getByRole('button', { name: 'Start Exam' }).click();
    await (await dialog(study, 'Start Exam?')).getByRole('button', { name: 'Start now' }).click();
    await visible(study.locator('fieldset.exam-question').getByText('Is hearsay admissible as a rule?'));
  });
});
