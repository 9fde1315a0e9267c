import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleMessages } from '@school/shared/staff/bundles';
import { classMessages } from '@school/shared/staff/classes';
import { courseMessages } from '@school/shared/staff/courses';
import { examEditorMessages } from '@school/shared/staff/exams';
import { outlineMessages } from '@school/shared/staff/outline';
import { voucherMessages } from '@school/shared/staff/vouchers';
import { schoolColourProblem } from '@school/shared/school/colour';
import { schoolSettingsMessages } from '@school/shared/staff/school-settings';
import { dateTimeIn } from '@school/shared/school/dates';
import { teamMessages } from '@school/shared/staff/team';
import { videoQuestionEditorMessages } from '@school/shared/staff/video-questions';
import { auditLog, bundles, classSchedules, classes, conferenceRooms, courseInstructors, courses, coursewares, examQuestions, exams, lecturers, schools, staffInvitations, subcategories, videoQuestions } from '../apps/server/src/db/schema/index';
import { DEMO_PASSWORD, demoInstructorCourses } from '../apps/server/src/seed/demo-data';
import { createCourse, createOutline, createSchool, createStaff, lastMail, linkIn, unique } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { SHORT_VIDEO, startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInAt } from './support/demo-study';
import { dialog, fieldError, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const login = async (username: string) => (await client(app.server.url).post('/api/v1/api-token-auth/', { username, password: DEMO_PASSWORD }, { host: 'demo.localhost' })).body as { token: string };

describe('the staff console', () => {
  it('lets an administrator create a draft, set its fee, see Publish refuse it with its problem, and delete it', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const { page } = await signedInAt(app, admin.token, '/staff');
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Courses' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Courses' }));
    await page.getByLabel('Search courses').fill('Professional Responsibility');
    await visible(page.getByRole('link', { name: 'Code of Professional Responsibility and Accountability' }));
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New course' }).click();
    const create = await dialog(page, 'New course');
    await create.getByRole('button', { name: 'Create course' }).click();
    await visible(create.getByText(courseMessages.nameRequired));
    await create.getByLabel('Course name').fill('Notarial Practice Today');
    await create.getByRole('button', { name: 'Create course' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Notarial Practice Today' }));
    await visible(page.getByText('Draft', { exact: true }));

    // One tab at a time; a pay-later course needs a fee: the server's field error opens the tab that holds it.
    expect(await page.getByLabel('Allow pay later').isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Price and payment' }).click();
    await page.getByLabel('Allow pay later').check();
    await page.getByRole('tab', { name: 'Basics' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(courseMessages.payLaterNeedsFee));
    expect(await page.getByRole('tab', { name: 'Price and payment' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Fee (pesos; 0 for a free course)').fill('1500.50');
    // A lecturer the school does not have yet is added from here and chosen at once.
    await page.getByRole('tab', { name: 'Basics' }).click();
    // The course image is uploaded and saved at once; the fee typed but not saved yet stays typed.
    await page.getByRole('button', { name: 'Upload image' }).click();
    await page.getByLabel('Choose the image').setInputFiles(fileURLToPath(new URL('../apps/server/test/fixtures/faces/coffee.jpg', import.meta.url)));
    await toast(page, 'The course image is saved.');
    await visible(page.getByRole('img', { name: 'The course image' }));
    const [withImage] = await app.server.database.db.select({ image: courses.image, fee: courses.fee }).from(courses).where(eq(courses.name, 'Notarial Practice Today'));
    expect(withImage).toMatchObject({ image: expect.stringMatching(/^images\/[0-9a-f]{32}\.jpg$/), fee: 0 });
    await page.getByRole('tab', { name: 'Price and payment' }).click();
    expect(await page.getByLabel('Fee (pesos; 0 for a free course)').inputValue()).toBe('1500.50');
    await page.getByRole('tab', { name: 'Basics' }).click();
    await page.getByRole('button', { name: 'New lecturer' }).click();
    await page.getByLabel("Lecturer's name").fill('Atty. Maria Clara Reyes');
    await page.getByLabel('Title (optional)').fill('Notary Public');
    await page.getByRole('button', { name: 'Add lecturer' }).click();
    await toast(page, 'Atty. Maria Clara Reyes was added.');
    await expect.poll(() => page.getByLabel('Lecturer', { exact: true }).locator('option:checked').textContent()).toBe('Atty. Maria Clara Reyes, Notary Public');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The course settings are saved.');
    const [row] = await app.server.database.db.select().from(courses).where(eq(courses.name, 'Notarial Practice Today'));
    expect(row).toMatchObject({ fee: 150050, allowPayLater: true, isPublished: false, version: 3 });
    const [lecturer] = await app.server.database.db.select().from(lecturers).where(eq(lecturers.id, row!.lecturerId!));
    expect(lecturer).toMatchObject({ name: 'Atty. Maria Clara Reyes', title: 'Notary Public', schoolId: row!.schoolId });

    await page.getByRole('button', { name: 'Publish' }).click();
    const problems = await dialog(page, 'This course is not ready to publish');
    await visible(problems.getByText(courseMessages.noLessons));
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Courses' }).first().click();
    await page.getByLabel('Show').selectOption('draft');
    await page.getByRole('button', { name: 'Delete Notarial Practice Today' }).click();
    const confirm = await dialog(page, 'Delete this course?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, courseMessages.deleted);
    expect(await app.server.database.db.$count(courses, eq(courses.id, row!.id))).toBe(0);
    expect((await app.server.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.subjectType, 'course'), eq(auditLog.subjectId, row!.id)))).map((e) => e.action)).toEqual([
      'course.create',
      'course.update',
      'course.update',
      'course.delete',
    ]);
  });

  it('tells the second of two editors that somebody saved first, keeps their typing, and reloads on request', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const api = client(app.server.url);
    const created = (await api.post('/api/v1/staff/courses/', { name: 'Two Editors Seminar' }, { token: admin.token, host: 'demo.localhost' })).body as { id: number };
    const path = `/staff/courses/${created.id}/settings`;
    const first = (await signedInAt(app, admin.token, path)).page;
    const second = (await signedInAt(app, admin.token, path)).page;
    for (const page of [first, second]) await visible(page.getByRole('heading', { level: 1, name: 'Two Editors Seminar' }));

    await first.getByLabel('Name').fill('Two Editors Seminar (first)');
    await first.getByRole('button', { name: 'Save' }).click();
    await toast(first, 'The course settings are saved.');

    await second.getByLabel('Name').fill('Two Editors Seminar (second)');
    await second.getByRole('button', { name: 'Save' }).click();
    await visible(second.getByText('saved this course', { exact: false }));
    expect(await second.getByLabel('Name').inputValue()).toBe('Two Editors Seminar (second)');
    await second.getByRole('button', { name: 'Reload' }).click();
    await visible(second.getByRole('heading', { level: 1, name: 'Two Editors Seminar (first)' }));
    expect(await second.getByLabel('Name').inputValue()).toBe('Two Editors Seminar (first)');
  });

  it("builds an outline: a module, a lesson added, renamed, moved to another module with the keyboard, and deleted", { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const [draft] = await app.server.database.db.select().from(courses).where(eq(courses.name, 'Notarial Practice Update (draft)'));
    const { page } = await signedInAt(app, admin.token, `/staff/courses/${draft!.id}/outline`);
    await visible(page.getByRole('heading', { level: 2, name: 'Introduction' }));
    await visible(page.getByText('Upload the video.'));

    await page.getByLabel('New module name').fill('Extra reading');
    await page.getByRole('button', { name: 'Add module' }).click();
    await toast(page, 'The module was added.');
    await page.getByRole('button', { name: 'Add lesson to Extra reading' }).click();
    const add = await dialog(page, 'Add a lesson to Extra reading');
    await add.getByLabel('Kind of lesson').selectOption('link');
    await add.getByLabel('Lesson name').fill('Bar bulletin');
    await add.getByRole('button', { name: 'Add lesson' }).click();
    await toast(page, 'The lesson was added.');
    await visible(page.getByText('Enter the link.'));

    await page.getByRole('button', { name: 'Rename Bar bulletin' }).click();
    await page.getByLabel('New name for Bar bulletin').fill('IBP bulletin');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The lesson was renamed.');

    // With the keyboard: pick it up, move it above the module's heading, into the module before, and drop it.
    const lesson = async () => (await app.server.database.db.select().from(coursewares).where(eq(coursewares.name, 'IBP bulletin')))[0]!;
    const before = await lesson();
    await page.getByRole('button', { name: 'Move IBP bulletin' }).focus();
    await page.keyboard.press('Space');
    // dnd-kit's announcements, in its visually hidden live region: picked up, it is over its own place.
    await page.getByText('IBP bulletin is next to IBP bulletin.').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page.getByText('IBP bulletin is next to Extra reading.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(async () => (await lesson()).moduleId).not.toBe(before.moduleId);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete IBP bulletin' }).click();
    await (await dialog(page, 'Delete this lesson?')).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'The lesson was deleted.');
    expect(await app.server.database.db.$count(coursewares, eq(coursewares.id, before.id))).toBe(0);
  });

  it("uploads a lesson's video from the browser: sent with its progress, probed, and the lesson is ready", { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [draft] = await db.select().from(courses).where(eq(courses.name, 'Notarial Practice Update (draft)'));
    const { page } = await signedInAt(app, admin.token, `/staff/courses/${draft!.id}/outline`);
    const [video] = await db.select().from(coursewares).where(and(eq(coursewares.type, 'video'), isNull(coursewares.file), eq(coursewares.schoolId, draft!.schoolId)));
    await page.getByRole('button', { name: `Upload file for ${video!.name}` }).click();
    await page.getByLabel('Choose the video').setInputFiles(fileURLToPath(new URL('../apps/server/src/seed/assets/private/lessons/lecture.webm', import.meta.url)));
    // The upload and ffprobe's reading of it take seconds when the machine is busy.
    await toast(page, 'The file was added to the lesson.', 30_000);
    await visible(page.getByRole('button', { name: `Replace file for ${video!.name}` }));
    const [saved] = await db.select().from(coursewares).where(eq(coursewares.id, video!.id));
    expect(saved!.file).toMatch(/^uploads\/[0-9a-f]{32}$/);
    expect(saved!.mediaSeconds).toBe(30);
    expect(await seriousViolations(page)).toEqual([]);
    // Preview opens the player at the lesson, as staff (nothing recorded), with the uploaded video playing from its private address.
    await page.getByRole('link', { name: `Preview ${video!.name} as student` }).click();
    await visible(page.getByRole('heading', { level: 1, name: video!.name }));
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await page.locator('video').getAttribute('src')).toMatch(/^\/media\/private\/uploads\/[0-9a-f]{32}\?/);
  });

  it('pauses and resumes an upload, and one cut off by a lost connection goes on when the line is back', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const course = await createCourse(db, { school: { ...school!, host: 'demo.localhost' }, name: 'Upload Practice', isPublished: false });
    const [lesson] = await createOutline(db, course, [{ type: 'video', name: 'Oral argument' }]);
    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/outline`);
    // A slow line (32 KB/s up) makes the 160 KB file take seconds, long enough to pause it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 32 * 1024 });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/staff/uploads/')) sent.push(request.method());
    });

    await page.getByRole('button', { name: 'Upload file for Oral argument' }).click();
    await page.getByLabel('Choose the video').setInputFiles(fileURLToPath(new URL('../apps/server/src/seed/assets/private/lessons/lecture.webm', import.meta.url)));
    await visible(page.getByRole('progressbar', { name: "Sending Oral argument's video" }));
    await page.getByRole('button', { name: 'Pause' }).click();
    await visible(page.getByText(/Paused at \d+ %/));

    // The line drops: every try fails until tus-js-client gives up (it retries for about 9 s).
    await page.route('**/api/v1/staff/uploads/*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('The connection was lost while sending the file. Choose Resume to go on from where it stopped.').waitFor({ timeout: 30_000 });
    await page.unroute('**/api/v1/staff/uploads/*');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    sent.length = 0;
    await page.getByRole('button', { name: 'Resume' }).click();
    await toast(page, 'The file was added to the lesson.');
    // Back on line it asked the server where the upload stood (HEAD) and sent the rest: no new upload.
    expect(sent[0]).toBe('HEAD');
    expect(sent).toContain('PATCH');
    expect(sent).not.toContain('POST');
    const [saved] = await db.select().from(coursewares).where(eq(coursewares.id, lesson!.id));
    expect(saved!.mediaSeconds).toBe(30);
  });

  it('writes an exam from the outline: questions of all six kinds, their problems shown, saved and kept in order; and a survey with its rating question', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const course = await createCourse(db, { school: { ...school!, host: 'demo.localhost' }, name: 'Exam Writing', isPublished: false });
    const [lesson] = await createOutline(db, course, [{ type: 'exam', name: 'Final assessment' }]);
    const [exam] = await db.insert(exams).values({ schoolId: school!.id, coursewareId: lesson!.id }).returning();
    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/outline`);
    await page.getByRole('link', { name: 'Edit questions of Final assessment' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Final assessment' }));
    await visible(page.getByText('No questions yet. Add the first one.'));

    await page.getByRole('button', { name: 'Add question' }).click();
    const first = page.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Question', { exact: true }).fill('Which court has jurisdiction?');
    await first.getByLabel('Choices, one per line').fill('MTC\nRTC');
    await first.getByLabel('RTC').check();
    await page.getByRole('button', { name: 'Add question' }).click();
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Kind of question').selectOption('checkbox');
    await second.getByLabel('Question', { exact: true }).fill('Modes of discovery?');
    await second.getByLabel('Choices, one per line').fill('Depositions\nAdmission');
    await page.getByRole('button', { name: 'Save' }).click();
    // Checked on the page with the server's rules: a question of several choices needs one marked.
    await visible(second.getByText(examEditorMessages.someCorrect));
    expect(await seriousViolations(page)).toEqual([]);
    await second.getByLabel('Depositions').check();
    await second.getByLabel('Admission').check();
    await page.getByRole('button', { name: 'Add question' }).click();
    const third = page.getByRole('group', { name: 'Question 3' });
    await third.getByLabel('Kind of question').selectOption('textarea');
    await third.getByLabel('Question', { exact: true }).fill('Explain stare decisis.');
    await third.getByLabel('Points').fill('5');
    await page.getByRole('button', { name: 'Move Question 3 up' }).click();
    // The other three kinds: a choice from a list, a short answer and a file, graded by staff like the essay.
    for (const [at, kind, text] of [[4, 'select', 'Units per compliance period?'], [5, 'text', 'Name the rule on venue.'], [6, 'file', 'Attach your draft pleading.']] as const) {
      await page.getByRole('button', { name: 'Add question' }).click();
      const added = page.getByRole('group', { name: `Question ${at}` });
      await added.getByLabel('Kind of question').selectOption(kind);
      await added.getByLabel('Question', { exact: true }).fill(text);
      if (kind === 'select') {
        await added.getByLabel('Choices, one per line').fill('24\n36');
        await added.getByLabel('36', { exact: true }).check();
      }
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The exam is saved.');
    const saved = await db.select().from(examQuestions).where(eq(examQuestions.examId, exam!.id)).orderBy(examQuestions.position);
    expect(saved.map((q) => [q.type, q.text, q.correctAnswer, q.points])).toEqual([
      ['radio', 'Which court has jurisdiction?', ['RTC'], 1],
      ['textarea', 'Explain stare decisis.', [], 5],
      ['checkbox', 'Modes of discovery?', ['Depositions', 'Admission'], 1],
      ['select', 'Units per compliance period?', ['36'], 1],
      ['text', 'Name the rule on venue.', [], 1],
      ['file', 'Attach your draft pleading.', [], 1],
    ]);

    // Dragged by its handle from the keyboard: the essay goes back to the end.
    await page.getByRole('button', { name: 'Move Question 2', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByText('Question 2 is at place 2.').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page.getByText('Question 2 is at place 3.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('group', { name: 'Question 3' }).getByLabel('Question', { exact: true }).inputValue()).toBe('Explain stare decisis.');
    await page.getByRole('button', { name: 'Save' }).click();
    // The first save's toast may still be showing: the saved order is read until it is the new one.
    const order = async () => (await db.select().from(examQuestions).where(eq(examQuestions.examId, exam!.id)).orderBy(examQuestions.position)).map((q) => q.text);
    await expect.poll(order).toEqual(['Which court has jurisdiction?', 'Modes of discovery?', 'Explain stare decisis.', 'Units per compliance period?', 'Name the rule on venue.', 'Attach your draft pleading.']);
    await page.getByRole('link', { name: 'Preview as student' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Final assessment' }));

    // A survey: no points and no correct answers; its single-choice question may be the course's rating.
    await page.goto(`${app.origin('demo')}/staff/courses/${course.id}/outline`);
    await page.getByRole('button', { name: 'Add lesson to Module 1' }).click();
    const add = await dialog(page, 'Add a lesson to Module 1');
    await add.getByLabel('Kind of lesson').selectOption('survey');
    await add.getByLabel('Lesson name').fill('Course evaluation');
    await add.getByRole('button', { name: 'Add lesson' }).click();
    await toast(page, 'The lesson was added.');
    await page.getByRole('link', { name: 'Edit questions of Course evaluation' }).click();
    await page.getByRole('button', { name: 'Add question' }).click();
    const rating = page.getByRole('group', { name: 'Question 1' });
    await rating.getByLabel('Question', { exact: true }).fill('How was the course?');
    await rating.getByLabel('Choices, one per line').fill('Excellent\nGood\nFair');
    expect(await rating.getByLabel('Points').count()).toBe(0);
    await rating.getByLabel("The course's rating (choices best first)").check();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The survey is saved.');
    const [evaluation] = await db.select().from(coursewares).where(and(eq(coursewares.name, 'Course evaluation'), eq(coursewares.moduleId, lesson!.moduleId)));
    const [survey] = await db.select().from(exams).where(eq(exams.coursewareId, evaluation!.id));
    expect((await db.select().from(examQuestions).where(eq(examQuestions.examId, survey!.id))).map((q) => [q.type, q.choices, q.rating])).toEqual([['radio', ['Excellent', 'Good', 'Fair'], true]]);
  });

  it('edits each kind of lesson: a YouTube address and length, a page in rich text, a live class, questions placed on an interactive video', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const course = await createCourse(db, { school: { ...school!, host: 'demo.localhost' }, name: 'Lesson Editing', isPublished: false });
    const [talk, reading, live, hearing] = await createOutline(db, course, [
      { type: 'yt', name: 'Oral argument recording' },
      { type: 'html', name: 'Reading' },
      { type: 'class', name: 'Live Q&A' },
      { type: 'ivideo', name: 'Cross-examination', ...SHORT_VIDEO },
    ]);
    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/outline`);
    const backToOutline = () => page.getByRole('link', { name: 'Lesson Editing: outline' }).click();

    await page.getByRole('link', { name: 'Edit Oral argument recording' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Oral argument recording' }));
    await visible(page.getByText('Before the course can be published: Enter the YouTube address and its length.'));
    await page.getByLabel('YouTube address').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByLabel('Length (minutes:seconds)').fill('12:3');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await visible(page.getByText(outlineMessages.length));
    await page.getByLabel('Length (minutes:seconds)').fill('12:30');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await toast(page, 'The lesson is saved.');
    expect(await seriousViolations(page)).toEqual([]);
    const lessonRow = async (id: number) => (await db.select().from(coursewares).where(eq(coursewares.id, id)))[0]!;
    expect(await lessonRow(talk!.id)).toMatchObject({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', mediaSeconds: 750, version: 2 });

    await backToOutline();
    await page.getByRole('link', { name: 'Edit Reading' }).click();
    const text = page.getByRole('textbox', { name: 'Text of the lesson' });
    await text.click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Hearsay');
    await page.keyboard.press('Enter');
    await page.keyboard.type('An out-of-court statement ');
    await page.getByRole('button', { name: 'Bold' }).click();
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('offered for its truth');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await toast(page, 'The lesson is saved.');
    // The YouTube lesson's toast may still be showing: the row is read until the save has landed.
    await expect.poll(async () => (await lessonRow(reading!.id)).content).toBe('<h2>Hearsay</h2><p>An out-of-court statement <strong>offered for its truth</strong></p>');
    expect(await seriousViolations(page)).toEqual([]);

    await backToOutline();
    await page.getByRole('link', { name: 'Edit Live Q&A' }).click();
    await page.getByLabel('Date').fill('2026-12-05');
    await page.getByLabel('Starts at').fill('13:00');
    await page.getByLabel('Ends at').fill('12:00');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await visible(page.getByText(outlineMessages.endBeforeStart));
    await page.getByLabel('Ends at').fill('16:00');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await toast(page, 'The lesson is saved.');
    const room = async () => (await db.select().from(conferenceRooms).where(eq(conferenceRooms.coursewareId, live!.id)))[0];
    await expect.poll(room).toMatchObject({ date: '2026-12-05', startTime: '13:00:00', endTime: '16:00:00', useStudios: false });

    await backToOutline();
    // The video's first address is refused, as one expired after 15 minutes is: the editor asks for a new one.
    const asked: string[] = [];
    await page.route('**/media/private/**', (route) => {
      asked.push(route.request().url());
      return asked.length === 1 ? route.fulfill({ status: 403, body: 'expired' }) : route.continue();
    });
    await page.getByRole('link', { name: 'Edit Cross-examination' }).click();
    await visible(page.getByRole('heading', { name: 'Questions on the video' }));
    const editorVideo = page.locator('.question-stage video');
    await expect.poll(() => editorVideo.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    const firstSource = await editorVideo.getAttribute('src');
    await visible(page.getByText('A file is in place, 0:03 long.'));
    await visible(page.getByText('No questions yet. Play the video to the moment a question belongs, then Add question.'));
    await page.getByRole('button', { name: 'Add question at second 0' }).click();
    const first = page.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Pauses at second').fill('2');
    await first.getByLabel('Question', { exact: true }).fill('Who may object to a leading question?');
    await first.getByLabel('Choices, one per line').fill('Opposing counsel\nThe witness');
    await first.getByLabel('Opposing counsel').check();
    // Placed with the mouse on the paused picture: a quarter across, three quarters down.
    await first.getByRole('button', { name: 'Place on the video: Question 1' }).click();
    const stage = page.locator('.question-stage-layer');
    const box = (await stage.boundingBox())!;
    await stage.click({ position: { x: box.width / 4, y: (box.height * 3) / 4 } });
    expect(await first.getByLabel('Across (% of the width)').inputValue()).toBe('25');
    expect(await first.getByLabel('Down (% of the height)').inputValue()).toBe('75');
    // Placing went to the first question's second: the next one is added there.
    await page.getByRole('button', { name: /^Add question at second \d+$/ }).click();
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Kind of question').selectOption('fitb');
    await second.getByLabel('Pauses at second').fill('5');
    await second.getByLabel('Question', { exact: true }).fill('A leading question suggests its ___.');
    await page.getByRole('button', { name: 'Save questions' }).click();
    // The server's rules, on the page: the 3-second video ends before second 5, and the blank needs its answer.
    await visible(second.getByText(videoQuestionEditorMessages.afterEnd));
    await visible(second.getByText(videoQuestionEditorMessages.blankAnswers));
    expect(await seriousViolations(page)).toEqual([]);
    await second.getByLabel('Pauses at second').fill('1');
    await second.getByLabel('Answer of each blank, one per line, in order').fill('answer');
    await page.getByRole('button', { name: 'Save questions' }).click();
    await toast(page, 'The questions are saved.');
    // The save read the lesson again with a new address of the same file: the video is not reloaded.
    expect(await editorVideo.getAttribute('src')).toBe(firstSource);
    const saved = await db.select().from(videoQuestions).where(eq(videoQuestions.coursewareId, hearing!.id)).orderBy(videoQuestions.timestamp);
    expect(saved.map((q) => [q.timestamp, q.type, q.correctAnswer, q.location])).toEqual([
      [1, 'fitb', ['answer'], { x: 50, y: 50 }],
      [2, 'radio', ['Opposing counsel'], { x: 25, y: 75 }],
    ]);
    // The lesson's own fields save on the version the questions moved to: no conflict with oneself.
    await page.getByLabel('Name').fill('Cross-examination drill');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await toast(page, 'The lesson is saved.');
    await expect.poll(async () => (await lessonRow(hearing!.id)).name).toBe('Cross-examination drill');
  });

  it('creates a voucher for one course, which a student can then use, and deactivates it, which checkout then refuses', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const student = await login('student');
    const db = app.server.database.db;
    const [course] = await db.select().from(courses).where(eq(courses.name, 'Code of Professional Responsibility and Accountability'));
    const check = () => client(app.server.url).get(`/api/v1/vouchers/WELCOME15/course/${course!.id}/`, { token: student.token, host: 'demo.localhost' });
    const { page } = await signedInAt(app, admin.token, '/staff');
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Vouchers' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Vouchers' }));
    await visible(page.getByRole('cell', { name: 'HALF50' }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New voucher' }).click();
    const create = await dialog(page, 'New voucher');
    await create.getByLabel('Code').fill('welcome15');
    await create.getByLabel('Percent off').fill('150');
    await create.getByLabel('Applies to').selectOption({ label: 'Course: Code of Professional Responsibility and Accountability' });
    await create.getByLabel('Uses in all (empty: no limit)').fill('100');
    await create.getByRole('button', { name: 'Create voucher' }).click();
    await visible(create.getByText(voucherMessages.percent));
    expect(await seriousViolations(page)).toEqual([]);
    await create.getByLabel('Percent off').fill('15');
    await create.getByRole('button', { name: 'Create voucher' }).click();
    await toast(page, 'WELCOME15 was created.');
    await visible(page.getByRole('row', { name: /WELCOME15 15 % Code of Professional Responsibility and Accountability 0 of 100 Any day Active/ }));
    expect((await check()).body).toMatchObject({ success: true, coupon: { type: 'percentage', value: 15 } });

    await page.getByRole('button', { name: 'Deactivate WELCOME15' }).click();
    const confirm = await dialog(page, 'Deactivate this voucher?');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'WELCOME15 is deactivated.');
    await visible(page.getByRole('button', { name: 'Activate WELCOME15' }));
    expect(await check()).toMatchObject({ status: 400 });
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'voucher.update'), eq(auditLog.schoolId, course!.schoolId)));
    expect(entry!.changes).toMatchObject({ isActive: { before: true, after: false } });
  });

  it('sells courses together: a bundle made from the console, its courses chosen and ordered, refused on sale with a draft, published, listed, and its story in the audit log', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const owner = { ...school!, host: 'demo.localhost' };
    const first = await createCourse(db, { school: owner, name: 'Bundled Evidence' });
    const second = await createCourse(db, { school: owner, name: 'Bundled Ethics' });
    await createCourse(db, { school: owner, name: 'Bundled Draft', isPublished: false });
    const { page } = await signedInAt(app, admin.token, '/staff');
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Bundles' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Bundles' }));
    await page.getByRole('button', { name: 'New bundle' }).click();
    const create = await dialog(page, 'New bundle');
    await create.getByLabel('Bundle name').fill('Trial Lawyer Pack');
    await create.getByRole('button', { name: 'Create bundle' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Trial Lawyer Pack' }));
    await visible(page.getByText('No courses yet. Add the first one below.'));

    for (const name of ['Bundled Evidence', 'Bundled Draft (draft)']) {
      await page.getByLabel('Add a course').selectOption({ label: name });
      await page.getByRole('button', { name: 'Add course' }).click();
    }
    await page.getByLabel('Price (pesos; 0 for a free bundle)').fill('2500');
    await page.getByRole('region', { name: 'Bundle image' }).getByRole('button', { name: 'Upload image' }).click();
    await page.getByLabel('Choose the image').setInputFiles(fileURLToPath(new URL('../apps/server/test/fixtures/faces/coffee.jpg', import.meta.url)));
    await visible(page.getByText('A new image is ready: Save bundle to use it.'));
    await page.getByLabel('Published: on sale in the catalogue').check();
    await page.getByRole('button', { name: 'Save bundle' }).click();
    await visible(page.getByText(bundleMessages.unpublishedCourse('Bundled Draft')));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Remove Bundled Draft' }).click();
    await page.getByLabel('Add a course').selectOption({ label: 'Bundled Ethics' });
    await page.getByRole('button', { name: 'Add course' }).click();
    // Ethics goes first, by its handle and the keyboard.
    await page.getByRole('button', { name: 'Move Bundled Ethics', exact: true }).focus();
    await page.keyboard.press('Space');
    // dnd-kit's announcements: picked up, it is over its own place at once.
    await page.getByText('Bundled Ethics is at place 2.').waitFor({ state: 'attached' });
    // A busy machine may take the first ArrowUp before dnd-kit has measured the places; another one at the top stays there.
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowUp');
        return page.getByText('Bundled Ethics is at place 1.').count();
      }, { interval: 500 })
      .toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('.bundle-course-name').allTextContents()).toEqual(['1. Bundled Ethics', '2. Bundled Evidence']);
    await page.getByRole('button', { name: 'Save bundle' }).click();
    await toast(page, 'Trial Lawyer Pack is saved and on sale.');

    const [bundle] = await db.select().from(bundles).where(eq(bundles.name, 'Trial Lawyer Pack'));
    expect(bundle).toMatchObject({ price: 250000, isPublished: true, version: 2, image: expect.stringMatching(/^images\/[0-9a-f]{32}\.jpg$/) });
    await visible(page.getByRole('img', { name: 'The bundle image' }));
    await page.getByRole('link', { name: 'View in the catalogue' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Trial Lawyer Pack' }));
    await visible(page.locator('.card-grid .card-title').first());
    expect(await page.locator('.card-grid .card-title').allTextContents()).toEqual([second.name, first.name]);

    await page.goto(`${app.origin('demo')}/staff/bundles`);
    await page.getByRole('button', { name: 'Delete Trial Lawyer Pack' }).click();
    const confirm = await dialog(page, 'Delete this bundle?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, bundleMessages.deleted);
    expect(await db.$count(bundles, eq(bundles.id, bundle!.id))).toBe(0);

    // The audit log tells the bundle's story, filtered to that record.
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Audit log' }));
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Record').fill('bundle 12');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await visible(filters.getByText('Write the subject as kind:id, e.g. course:12.'));
    await filters.getByLabel('Record').fill(`bundle:${bundle!.id}`);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await visible(page.getByRole('cell', { name: 'bundle.delete' }));
    await expect.poll(() => page.locator('td code').allTextContents()).toEqual(['bundle.delete', 'bundle.update', 'bundle.create']);
    await visible(page.getByRole('row').filter({ hasText: 'bundle.update' }).getByText('isPublished: false → true'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("schedules a course's classes: a class with its fee, sessions added with their problems shown, one opened from the calendar and changed, the class deleted", { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const course = await createCourse(db, { school: { ...school!, host: 'demo.localhost' }, name: 'Trial Technique Workshop', classEnrollmentOnly: true });
    const { page } = await signedInAt(app, admin.token, `/staff/courses/${course.id}/settings`);
    await page.getByRole('navigation', { name: 'Course' }).getByRole('link', { name: 'Classes' }).click();
    await visible(page.getByText('No classes yet. Create the first one with New class.'));
    await page.getByRole('button', { name: 'New class' }).click();
    const create = await dialog(page, 'New class');
    await create.getByLabel('Class name').fill('Saturday Clinic');
    await create.getByLabel('Fee (pesos; 0 for none)').fill('1500');
    await create.getByRole('button', { name: 'Create class' }).click();
    await toast(page, 'Saturday Clinic was created. Add its sessions.');

    await page.getByRole('button', { name: 'Add session to Saturday Clinic' }).click();
    const add = await dialog(page, 'Add session');
    await add.getByLabel('Date').fill('2027-01-09');
    await add.getByLabel('Starts').fill('13:00');
    await add.getByLabel('Ends').fill('09:00');
    await add.getByRole('button', { name: 'Add session' }).click();
    expect(await fieldError(add, 'Instructor')).toBe(classMessages.instructor);
    expect(await fieldError(add, 'Ends')).toBe(classMessages.endBeforeStart);
    await add.getByLabel('Ends').fill('17:00');
    await add.getByLabel('Instructor').fill('Atty. Ramon Reyes');
    await add.getByLabel('Held').selectOption('Face to face');
    await add.getByRole('button', { name: 'Add session' }).click();
    await toast(page, 'A session was added to Saturday Clinic.');
    await visible(page.getByRole('list', { name: 'Sessions of Saturday Clinic' }).getByText('Jan 09, 2027, 01:00 PM – 05:00 PM · Atty. Ramon Reyes · Face to face'));
    expect(await seriousViolations(page)).toEqual([]);

    // The calendar opens on the session's month; the session opens its editor there.
    await page.locator('.class-calendar').getByText('Saturday Clinic · Atty. Ramon Reyes').click();
    const edit = await dialog(page, 'Edit session');
    await edit.getByLabel('Instructor').fill('Justice Ana Santos');
    await edit.getByRole('button', { name: 'Save session' }).click();
    await toast(page, 'The session is saved.');
    await visible(page.getByText('Jan 09, 2027, 01:00 PM – 05:00 PM · Justice Ana Santos · Face to face'));
    const [cls] = await db.select().from(classes).where(eq(classes.courseId, course.id));
    expect(cls).toMatchObject({ name: 'Saturday Clinic', fee: 150000, version: 3 });
    expect(await db.select({ date: classSchedules.date, instructor: classSchedules.instructor, type: classSchedules.type }).from(classSchedules).where(eq(classSchedules.classId, cls!.id))).toEqual([
      { date: '2027-01-09', instructor: 'Justice Ana Santos', type: 'Face to face' },
    ]);

    await page.getByRole('button', { name: 'Delete Saturday Clinic' }).click();
    await (await dialog(page, 'Delete this class?')).getByRole('button', { name: 'Delete' }).click();
    await toast(page, classMessages.deleted);
    await visible(page.getByText('No classes yet. Create the first one with New class.'));
  });

  it('files courses: categories and subcategories added and renamed on their page, and one made from the course settings is chosen there', { timeout: 120_000 }, async () => {
    const admin = await login('demo-admin');
    const db = app.server.database.db;
    const [school] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const course = await createCourse(db, { school: { ...school!, host: 'demo.localhost' }, name: 'Filing Practice', isPublished: false });
    const { page } = await signedInAt(app, admin.token, '/staff');
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Categories' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Categories' }));
    await page.getByLabel('New category', { exact: true }).fill('Remedial Law');
    await page.getByRole('button', { name: 'Add category' }).click();
    await toast(page, 'Remedial Law was added.');
    await page.getByLabel('New subcategory of Remedial Law').fill('Civil Procedure');
    await page.getByRole('button', { name: 'Add subcategory' }).last().click();
    await toast(page, 'Civil Procedure was added.');
    await page.getByRole('button', { name: 'Rename Civil Procedure' }).click();
    await page.getByLabel('New name for Civil Procedure').fill('Rules of Civil Procedure');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Rules of Civil Procedure'));
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.origin('demo')}/staff/courses/${course.id}/settings`);
    await page.getByRole('button', { name: 'New subcategory' }).click();
    const inline = page.getByRole('group', { name: 'New subcategory' });
    await inline.getByLabel('In the category').selectOption({ label: 'A new category…' });
    await inline.getByLabel("New category's name").fill('Special Proceedings');
    await inline.getByLabel("Subcategory's name").fill('Settlement of Estates');
    await inline.getByRole('button', { name: 'Add subcategory' }).click();
    await toast(page, 'Settlement of Estates was added.');
    await expect.poll(() => page.getByLabel('Subcategory', { exact: true }).locator('option:checked').textContent()).toBe('Special Proceedings · Settlement of Estates');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The course settings are saved.');
    const [saved] = await db.select({ subcategoryId: courses.subcategoryId }).from(courses).where(eq(courses.id, course.id));
    const [sub] = await db.select().from(subcategories).where(eq(subcategories.name, 'Settlement of Estates'));
    expect(saved!.subcategoryId).toBe(sub!.id);
  });

  it('builds a course from nothing and sells it: a school builds two modules (a video, a page, a PDF, a quiz), sees Publish refuse it until ready, publishes, makes a voucher; a student buys it with the voucher at the sandbox, studies it and gets the certificate', { timeout: 180_000 }, async () => {
    const admin = await login('acme-admin');
    const { page } = await signedInAt(app, admin.token, '/staff', undefined, 'acme');
    const side = page.getByRole('navigation', { name: 'Staff console' });
    await side.getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('button', { name: 'New course' }).click();
    const create = await dialog(page, 'New course');
    await create.getByLabel('Course name').fill('Plain Language Memos');
    await create.getByRole('button', { name: 'Create course' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Plain Language Memos' }));
    await page.getByRole('tab', { name: 'Price and payment' }).click();
    await page.getByLabel('Fee (pesos; 0 for a free course)').fill('800');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The course settings are saved.');

    await page.getByRole('navigation', { name: 'Course' }).getByRole('link', { name: 'Outline' }).click();
    await page.getByLabel('New module name').fill('Essentials');
    await page.getByRole('button', { name: 'Add module' }).click();
    await toast(page, 'The module was added.');
    await page.getByLabel('New module name').fill('Practice');
    await page.getByRole('button', { name: 'Add module' }).click();
    await toast(page, 'The module was added.');
    for (const [module, kind, name] of [['Essentials', 'video', 'Writing clearly'], ['Essentials', 'html', 'Checklist'], ['Practice', 'pdf', 'Style sheet'], ['Practice', 'exam', 'Memo quiz']]) {
      await page.getByRole('button', { name: `Add lesson to ${module}` }).click();
      const add = await dialog(page, `Add a lesson to ${module}`);
      await add.getByLabel('Kind of lesson').selectOption(kind!);
      await add.getByLabel('Lesson name').fill(name!);
      await add.getByRole('button', { name: 'Add lesson' }).click();
      await toast(page, 'The lesson was added.');
    }

    // Publish names what is missing.
    await page.getByRole('navigation', { name: 'Course' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    const refused = await dialog(page, 'This course is not ready to publish');
    for (const problem of ['Upload the video.', 'Write the lesson.', 'Upload the PDF.', 'Add questions to the exam.']) await visible(refused.getByText(problem));
    await refused.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('navigation', { name: 'Course' }).getByRole('link', { name: 'Outline' }).click();
    await page.getByRole('button', { name: 'Upload file for Writing clearly' }).click();
    // The demo's 3-second preview clip, as a lesson's video.
    await page.getByLabel('Choose the video').setInputFiles(fileURLToPath(new URL('../apps/server/src/seed/assets/courses/preview.webm', import.meta.url)));
    await toast(page, 'The file was added to the lesson.', 30_000);
    await page.getByRole('button', { name: 'Upload file for Style sheet' }).click();
    await page.getByLabel('Choose the PDF').setInputFiles(fileURLToPath(new URL('../apps/server/src/seed/assets/private/lessons/syllabus.pdf', import.meta.url)));
    await visible(page.getByRole('button', { name: 'Replace file for Style sheet' }), 30_000);
    await page.getByRole('link', { name: 'Edit Checklist' }).click();
    await page.getByRole('textbox', { name: 'Text of the lesson' }).click();
    await page.keyboard.type('Say it plainly, then stop.');
    await page.getByRole('button', { name: 'Save lesson' }).click();
    await toast(page, 'The lesson is saved.');
    await page.getByRole('link', { name: 'Plain Language Memos: outline' }).click();
    await page.getByRole('link', { name: 'Edit questions of Memo quiz' }).click();
    await page.getByRole('button', { name: 'Add question' }).click();
    const question = page.getByRole('group', { name: 'Question 1' });
    await question.getByLabel('Question', { exact: true }).fill('Which word is plainer?');
    await question.getByLabel('Choices, one per line').fill('Utilize\nUse');
    await question.getByLabel('Use', { exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The exam is saved.');

    const [built] = await app.server.database.db.select({ id: courses.id }).from(courses).where(eq(courses.name, 'Plain Language Memos'));
    await page.goto(`${app.origin('acme')}/staff/courses/${built!.id}/settings`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page.getByText('Published', { exact: true }));
    await side.getByRole('link', { name: 'Vouchers' }).click();
    await page.getByRole('button', { name: 'New voucher' }).click();
    const voucher = await dialog(page, 'New voucher');
    await voucher.getByLabel('Code').fill('write50');
    await voucher.getByLabel('Percent off').fill('50');
    await voucher.getByLabel('Applies to').selectOption({ label: 'Course: Plain Language Memos' });
    await voucher.getByRole('button', { name: 'Create voucher' }).click();
    await toast(page, 'WRITE50 was created.');

    // A student finds it in the school's catalogue and buys it at half the price through the sandbox.
    const student = await login('student');
    const shop = (await signedInAt(app, student.token, '/courses', undefined, 'acme')).page;
    await shop.getByPlaceholder('Search courses').fill('Plain Language');
    // The search goes into the address once typing stops; the list then holds only what matches.
    await shop.waitForURL(/q=Plain/);
    await shop.getByRole('link', { name: 'View Course: Plain Language Memos' }).click();
    await shop.waitForURL('**/course/plain-language-memos-*');
    await visible(shop.getByRole('heading', { level: 1, name: 'Plain Language Memos' }));
    await shop.getByRole('button', { name: 'Enroll Now' }).click();
    await shop.waitForURL('**/course/payment/**');
    await shop.getByLabel('Voucher Code').fill('WRITE50');
    await shop.getByRole('button', { name: 'Apply Voucher' }).click();
    await visible(shop.getByText('Successfully applied voucher!'));
    await shop.getByRole('radio', { name: 'Online Banking' }).check();
    await shop.getByLabel('Select Bank').selectOption({ label: 'BPI Online' });
    await shop.getByRole('button', { name: 'Purchase Course' }).click();
    await shop.waitForURL('**/sandbox/checkout/**');
    await visible(shop.getByText('P415.00', { exact: true }));
    await shop.getByRole('button', { name: 'Pay', exact: true }).click();
    await dialog(shop, 'Payment Successful');
    await shop.keyboard.press('Escape');

    // Studied through: the video watched to its end, the page and the PDF marked complete, the quiz passed; the
    // certificate follows.
    await shop.getByRole('button', { name: 'Start Learning' }).click();
    await visible(shop.getByRole('heading', { level: 1, name: 'Writing clearly' }));
    await shop.locator('media-play-button').click();
    await visible(shop.getByRole('heading', { level: 1, name: 'Checklist' }));
    await visible(shop.getByText('Say it plainly, then stop.'));
    // Ticked, each moves on to the next lesson, into the second module.
    await shop.getByLabel('Mark as Complete').click();
    await visible(shop.getByRole('heading', { level: 1, name: 'Style sheet' }));
    await shop.getByLabel('Mark as Complete').click();
    await visible(shop.getByRole('heading', { level: 1, name: 'Memo quiz' }));
    await shop.getByRole('button', { name: 'Start Exam' }).click();
    const confirm = await dialog(shop, 'Start Exam?');
    await confirm.getByRole('button', { name: 'Start now' }).click();
    await shop.locator('fieldset.exam-question').getByLabel('Use', { exact: true }).check();
    await shop.locator('.exam-actions').getByRole('button', { name: 'Submit' }).click();
    const done = await dialog(shop, 'Congratulations!');
    await done.getByRole('button', { name: 'View Certificates' }).click();
    await shop.waitForURL('**/student/certificates');
    await visible(shop.getByText('Plain Language Memos'));
  });

  it("sets the school's name, colour, links and payment instructions: a colour too light is refused as it is typed, the saved look shows on the site, and an instructor has no way in", { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db, { name: 'Old Name Academy', primaryColor: '#1d4ed8' });
    const admin = await createStaff(db, { school });
    const instructor = await createStaff(db, { school, role: 'IN' });
    const { page, context } = await signedInAt(app, admin.token, '/staff', undefined, school.domain);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'School' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'School settings' }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Name', { exact: true }).fill('Bar Review Institute');
    const colour = page.getByLabel('Colour (hex, such as #1d4ed8)');
    await colour.fill('#fde047');
    await visible(page.getByText(schoolColourProblem('#fde047')!));
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page.getByRole('tabpanel'), 'Colour (hex, such as #1d4ed8)')).toBe(schoolColourProblem('#fde047'));
    await colour.fill('#0f766e');
    await visible(page.getByText('Readable in the light and the dark theme.'));
    // The preview follows the form before Save, in both themes.
    const lightPreview = page.getByRole('figure', { name: 'Preview, light theme' });
    await visible(lightPreview.getByText('Bar Review Institute').first());
    expect(await lightPreview.locator('.school-preview-hero').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(15, 118, 110)');

    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByLabel('Facebook').fill('http://facebook.com/bri');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page.getByRole('tabpanel', { name: 'Contact' }), 'Facebook')).toBe(schoolSettingsMessages.social);
    await page.getByLabel('Facebook').fill('https://facebook.com/bri');
    await page.getByRole('tab', { name: 'Payment instructions' }).click();
    await page.getByRole('textbox', { name: 'How to pay by bank deposit or in person (shown at checkout)' }).fill('Deposit at BPI, account 1234.');
    // An announcement switched on needs its title and text.
    await page.getByRole('tab', { name: 'Announcement' }).click();
    await page.getByLabel('Show the announcement to every visitor, once per visit').check();
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page.getByRole('tabpanel', { name: 'Announcement' }), 'Title of the announcement')).toBe(schoolSettingsMessages.announcementTitle);
    await page.getByLabel('Title of the announcement').fill('Bar review season');
    await page.getByRole('textbox', { name: 'Text of the announcement' }).fill('Classes start on Monday.');
    // The FAQ page: two questions, the second moved up.
    await page.getByRole('tab', { name: 'FAQ' }).click();
    await visible(page.getByText('No questions yet.'));
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question 1', { exact: true }).fill('When do classes start?');
    await page.getByRole('textbox', { name: 'Answer 1' }).fill('Every Monday.');
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question 2', { exact: true }).fill('Is there a refund?');
    await page.getByRole('textbox', { name: 'Answer 2' }).fill('Within 7 days.');
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    expect(await page.getByLabel('Question 1', { exact: true }).inputValue()).toBe('Is there a refund?');
    expect(await seriousViolations(page)).toEqual([]);
    // The sign-up reward: whole coins only; the school has no coins yet, and the tab says so.
    await page.getByRole('tab', { name: 'Rewards' }).click();
    await visible(page.getByText('This school has no L2E coins', { exact: false }));
    await page.getByLabel('Sign-up reward (whole L2E coins, 0 for none)').fill('2.5');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page.getByRole('tabpanel', { name: 'Rewards' }), 'Sign-up reward (whole L2E coins, 0 for none)')).toBe(schoolSettingsMessages.rewardCoins);
    await page.getByLabel('Sign-up reward (whole L2E coins, 0 for none)').fill('250');
    await page.getByLabel('Who the reward is for (shown in the wallet as “for … members”)').fill('IBP Pasig');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, schoolSettingsMessages.saved);
    const [saved] = await db.select().from(schools).where(eq(schools.id, school.id));
    expect(saved).toMatchObject({ name: 'Bar Review Institute', primaryColor: '#0f766e', paymentInstructions: '<p>Deposit at BPI, account 1234.</p>', announcementBody: '<p>Classes start on Monday.</p>', signupRewardCoins: 25_000, rewardGroup: 'IBP Pasig', version: 2 });
    expect(saved!.faqSections.map((section) => section.question)).toEqual(['Is there a refund?', 'When do classes start?']);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.schoolId, school.id), eq(auditLog.action, 'school.update')));
    expect(audit).toHaveLength(1);

    // A phone in dark mode: the form and its preview fit, and read well.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'School settings' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);

    // The site takes the new name, colour, link, announcement and FAQ page (at a width that shows the main navigation).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.origin(school.domain)}/`);
    const announcement = await dialog(page, 'Bar review season');
    await visible(announcement.getByText('Classes start on Monday.'));
    await announcement.getByRole('button', { name: 'Okay' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Bar Review Institute' }));
    expect(await page.locator('.hero').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(15, 118, 110)');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe('https://facebook.com/bri');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQs' }).click();
    await visible(page.getByRole('region', { name: 'Is there a refund?' }).getByText('Within 7 days.'));
    await context.close();

    const other = await signedInAt(app, instructor.token, '/staff', undefined, school.domain);
    await visible(other.page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    expect(await other.page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'School' }).count()).toBe(0);
    await other.page.goto(`${app.origin(school.domain)}/staff/school`);
    await visible(other.page.getByText("The school's settings are for its administrators."));
    await other.context.close();
  });

  it("shows an instructor their own courses only, refuses another's, and keeps a student out", { timeout: 120_000 }, async () => {
    const instructor = await login('demo-instructor');
    const { page } = await signedInAt(app, instructor.token, '/staff/courses', { width: 360, height: 740 });
    await visible(page.getByRole('heading', { level: 1, name: 'Courses' }));
    for (const name of demoInstructorCourses) await visible(page.getByRole('link', { name }));
    // Laid out as cards, the list is still a table to a screen reader: a row per course, each value a cell.
    const table = page.getByRole('table', { name: /courses/i });
    expect(await table.getByRole('row').filter({ has: page.getByRole('cell') }).count()).toBe(demoInstructorCourses.length);
    expect(await page.getByRole('button', { name: 'New course' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // An assigned course opens with its settings, its subcategory chosen.
    await page.getByRole('link', { name: 'Revised Rules on Evidence' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Revised Rules on Evidence' }));
    expect(await page.getByLabel('Subcategory').locator('option:checked').textContent()).toContain('Updates on Substantive and Procedural Laws');
    const [other] = await app.server.database.db.select({ id: courses.id }).from(courses).where(eq(courses.name, 'Tax Remedies Under the TRAIN and CREATE Laws'));
    expect(demoInstructorCourses).not.toContain('Tax Remedies Under the TRAIN and CREATE Laws');
    await page.goto(`${app.origin('demo')}/staff/courses/${other!.id}/settings`);
    await visible(page.getByText('You do not have permission to perform this action.'));

    const student = await login('student');
    const { page: studentPage } = await signedInAt(app, student.token, '/staff');
    await visible(studentPage.getByText("The staff console is for the school's administrators and instructors."));
  });
  it('invites an instructor, who signs up from the e-mail\'s link and reaches the console; courses are given and the last administrator cannot leave', { timeout: 120_000 }, async () => {
    const db = app.server.database.db;
    const school = await createSchool(db, { name: 'Team Academy' });
    const admin = await createStaff(db, { school });
    const course = await createCourse(db, { school, name: 'Legal Ethics Today' });
    const { page } = await signedInAt(app, admin.token, '/staff', undefined, school.domain);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Team' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Team' }));
    await visible(page.getByText('No invitation is waiting for an answer.'));
    expect(await seriousViolations(page)).toEqual([]);

    // The only administrator: stepping down or leaving is refused before anything is sent.
    const me = page.getByRole('row').filter({ hasText: '(you)' });
    await me.getByRole('button', { name: /^Remove / }).click();
    await toast(page, teamMessages.lastAdministrator);

    const email = `${unique('teacher')}@example.com`;
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = await dialog(page, 'Invite to the team');
    await invite.getByLabel('Email Address').fill('not an address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(invite.getByText('Invalid Email Address'));
    await invite.getByLabel('Email Address').fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, teamMessages.invited(email));
    const waiting = page.getByRole('list', { name: 'Invitations waiting for an answer' }).getByRole('listitem').filter({ hasText: email });
    const [sent] = await db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    await visible(waiting.getByText(`as instructor, sent ${dateTimeIn(sent!.createdAt.toISOString(), school.timeZone)}`));
    await visible(waiting.getByText(`Works until ${dateTimeIn(sent!.expiresAt.toISOString(), school.timeZone)}.`));

    // The e-mail went astray: Send again takes the first link back and sends a new one.
    const first = await lastMail(app.server.url, email, { subject: 'Join Team Academy' });
    const lost = linkIn(first.text);
    await waiting.getByRole('button', { name: `Send the invitation to ${email} again` }).click();
    await toast(page, teamMessages.resent(email));
    const mail = await lastMail(app.server.url, email, { subject: 'Join Team Academy', after: first.id });
    expect(linkIn(mail.text).pathname).not.toBe(lost.pathname);
    expect(await page.getByRole('list', { name: 'Invitations waiting for an answer' }).getByRole('listitem').count()).toBe(1);
    const link = linkIn(mail.text);
    const { page: invited } = await app.newPage();
    await invited.goto(`${app.origin(school.domain)}${lost.pathname}`);
    await visible(invited.getByText(teamMessages.revoked));
    await invited.goto(`${app.origin(school.domain)}${link.pathname}`);
    await visible(invited.getByRole('heading', { level: 1, name: 'Join Team Academy' }));
    await visible(invited.getByText(email));
    const form = invited.getByRole('form', { name: 'Make your staff account' });
    await form.getByRole('button', { name: 'Accept and sign up' }).click();
    await visible(form.getByText('First Name is required'));
    await form.getByLabel('First Name').fill('Gabriela');
    await form.getByLabel('Last Name').fill('Silang');
    await form.getByLabel('Username').fill(unique('gsilang'));
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Accept and sign up' }).click();
    await visible(invited.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await visible(invited.getByText('Your courses at Team Academy.'));

    // Back at the team: the new instructor is listed, the invitation is gone, and courses are given from here.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Gabriela Silang' });
    await visible(row.getByText('None yet'));
    await visible(page.getByText('No invitation is waiting for an answer.'));
    await row.getByRole('button', { name: 'Courses of Gabriela Silang' }).click();
    const assign = await dialog(page, 'Courses of Gabriela Silang');
    await assign.getByLabel('Legal Ethics Today').check();
    await assign.getByRole('button', { name: 'Save courses' }).click();
    await toast(page, "Gabriela Silang's courses are saved.");
    await visible(row.getByText('Legal Ethics Today'));
    const [assigned] = await db.select().from(courseInstructors).where(eq(courseInstructors.courseId, course.id));
    expect(assigned?.userId).toBeDefined();

    await row.getByLabel('Role of Gabriela Silang').selectOption('SA');
    await toast(page, 'Gabriela Silang is now an administrator.');
    await visible(row.getByText('Every course'));
  });
});
