import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_FILE_MAX_BYTES, examMessages as msg } from '@school/shared/exams/rules';
import { examQuestions, examSubmissions, exams } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { dialog, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const db = () => app.server.database.db;
type Question = Omit<typeof examQuestions.$inferInsert, 'schoolId' | 'examId' | 'position'>;

/** A course of one exam (or survey) courseware with these questions, and a student enrolled in it. */
async function withExam(questions: Question[], options: { kind?: 'exam' | 'survey'; maxAttempts?: number; durationMinutes?: number; passingRate?: number } = {}) {
  const school = await createSchool(db());
  const course = await createCourse(db(), { school, name: 'Evidence Exam Course' });
  const [ware] = await createOutline(db(), course, [{ type: options.kind ?? 'exam', name: options.kind === 'survey' ? 'Course evaluation' : 'Final assessment' }]);
  const [exam] = await db()
    .insert(exams)
    .values({ schoolId: school.id, coursewareId: ware!.id, description: 'Answer every question.', maxAttempts: options.maxAttempts ?? 0, durationMinutes: options.durationMinutes ?? 0, passingRate: options.passingRate ?? 75 })
    .returning();
  await db().insert(examQuestions).values(questions.map((q, position) => ({ ...q, schoolId: school.id, examId: exam!.id, position })));
  const enrolment = await createEnrolment(db(), { course });
  return { school, course, ware: ware!, exam: exam!, enrolment };
}

async function open(token: string, domain: string, path: string) {
  const { page } = await app.newPage();
  await page.goto(await app.signInUrl(token, { school: domain, redirect: path }));
  await page.waitForURL(`**${path}`);
  return page;
}

const question = (page: Page) => page.locator('fieldset.exam-question');
const next = (page: Page, label: 'Next Question' | 'Submit') => page.locator('.exam-actions').getByRole('button', { name: label }).click();
/** The lesson's own Next, to the next courseware, below the exam. */
const lessonNext = (page: Page) => page.getByRole('navigation', { name: 'Coursewares' }).getByRole('button', { name: 'Next', exact: true });
const outlineDone = (page: Page, name: string) => page.getByRole('navigation', { name: 'Course Content' }).getByRole('link', { name: new RegExp(`${name}.*\\(completed\\)`) });

/** Start Exam (or Retake Exam, Start Survey), then yes in the dialog that says what it commits to. */
async function start(page: Page, label: 'Start Exam' | 'Retake Exam' | 'Start Survey', title = `${label}?`) {
  await page.getByRole('button', { name: label }).click();
  const confirm = await dialog(page, title);
  await confirm.getByRole('button', { name: 'Start now' }).click();
  await confirm.waitFor({ state: 'hidden' });
}

describe('exams', () => {
  it('takes an exam, fails, retakes until the attempts run out, with a written answer graded by staff', async () => {
    const s = await withExam(
      [
        { type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'] },
        { type: 'checkbox', text: 'Modes of discovery?', choices: ['Depositions', 'Motion', 'Admission'], correctAnswer: ['Depositions', 'Admission'], points: 2 },
        { type: 'select', text: 'Units per period?', choices: ['24', '36'], correctAnswer: ['36'] },
        { type: 'textarea', text: 'Why does candour matter?', points: 2 },
      ],
      { maxAttempts: 2, passingRate: 50 },
    );
    const path = `/course/${s.course.slug}/module/${s.ware.id}`;
    const page = await open(s.enrolment.student.token, s.school.domain, path);
    await visible(page.getByText('Answer every question.'));
    await start(page, 'Start Exam');

    await visible(question(page).getByText('Which court?'));
    await next(page, 'Next Question');
    await visible(question(page).getByText(msg.selectAnswer));
    await question(page).getByLabel('MTC').check();
    await next(page, 'Next Question');
    await visible(question(page).getByText('Modes of discovery?'));
    // A bubble opens only an answered question.
    expect(await page.getByRole('button', { name: 'Question 3' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Question 1, answered' }).click();
    await visible(question(page).getByText('Which court?'));
    await page.locator('.exam-actions').getByRole('button', { name: 'Next Question' }).click();
    await question(page).getByLabel('Motion').check();
    await next(page, 'Next Question');
    await question(page).getByRole('combobox').selectOption('24');
    await next(page, 'Next Question');
    await next(page, 'Submit');
    await visible(question(page).getByText(msg.required));
    await question(page).getByRole('textbox').fill('The court relies on what lawyers say.');
    await next(page, 'Submit');
    await toast(page, msg.examSubmitted);
    await visible(page.getByText('Score: 0.0%', { exact: false }));
    await visible(page.getByText('Some answers are waiting to be graded.'));
    // A retake may follow: the review shows the student's answers, not the correct ones.
    await page.getByRole('button', { name: 'View Answers' }).click();
    await visible(page.getByText('Your answer: MTC'));
    expect(await page.getByText('Correct answer:').count()).toBe(0);
    await page.getByRole('button', { name: 'Hide' }).click();
    // The written answer may yet make it a pass: no retake until it is graded.
    expect(await page.getByRole('button', { name: 'Retake Exam' }).count()).toBe(0);

    // Staff grade the written answer through the API: the result changes for the student.
    const staff = await createStaff(db(), { school: s.school, role: 'IN', courses: [s.course] });
    const [attempt] = await db().select().from(examSubmissions).where(eq(examSubmissions.examId, s.exam.id));
    const [, , , textarea] = await db().select().from(examQuestions).where(eq(examQuestions.examId, s.exam.id)).orderBy(examQuestions.position);
    const graded = await client(app.server.url).post(`/api/v1/exam-submissions/${attempt!.id}/questions/${textarea!.id}/grade/`, { score: 2, feedback: 'Well argued.' }, { token: staff.token, host: `${s.school.domain}.localhost` });
    expect(graded.body).toMatchObject({ has_pending: false, passed: false });
    await page.reload();
    // The exam was the course's only courseware: graded, the course is complete.
    await (await dialog(page, 'Congratulations!')).getByRole('button', { name: 'Close' }).first().click();
    await visible(page.getByText('You did not pass this exam.'));
    await start(page, 'Retake Exam');
    await visible(question(page).getByText('Which court?'));
    await question(page).getByLabel('RTC').check();
    await next(page, 'Next Question');
    await question(page).getByLabel('Depositions').check();
    await question(page).getByLabel('Admission').check();
    await next(page, 'Next Question');
    await question(page).getByRole('combobox').selectOption('36');
    await next(page, 'Next Question');
    await question(page).getByRole('textbox').fill('Trust.');
    await next(page, 'Submit');
    await toast(page, msg.examSubmitted);
    await visible(page.getByText('Score: 66.6%', { exact: false }));
    // Two attempts of two: no Retake, and now the review shows the correct answers.
    expect(await page.getByRole('button', { name: 'Retake Exam' }).count()).toBe(0);
    await page.getByRole('button', { name: 'View Answers' }).click();
    await visible(page.getByText('Correct answer: RTC'));
    await visible(page.getByText('Your answer: RTC · 1 / 1'));
  });

  it('takes an exam and passes it, then goes on to the next courseware', async () => {
    const s = await withExam(
      [
        { type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'] },
        { type: 'select', text: 'Units per period?', choices: ['24', '36'], correctAnswer: ['36'], points: 2 },
      ],
      { maxAttempts: 3 },
    );
    const [after] = await createOutline(db(), s.course, [{ type: 'html', name: 'After the exam', content: '<p>Well done.</p>' }], 1);
    const path = `/course/${s.course.slug}/module/${s.ware.id}`;
    const page = await open(s.enrolment.student.token, s.school.domain, path);
    await start(page, 'Start Exam');
    // The exam's Next and Previous are named apart from the lesson's, which go to another courseware.
    expect(await lessonNext(page).isDisabled()).toBe(true);
    await question(page).getByLabel('RTC').check();
    await next(page, 'Next Question');
    await visible(page.locator('.exam-actions').getByRole('button', { name: 'Previous Question' }));
    await question(page).getByRole('combobox').selectOption('36');
    await next(page, 'Submit');
    await toast(page, msg.examSubmitted);
    // Submitting completed the courseware: its mark, and the lesson's own Next, without a reload.
    await visible(outlineDone(page, 'Final assessment'));
    await expect.poll(() => lessonNext(page).isEnabled()).toBe(true);
    await visible(page.getByText('Score: 100.0%', { exact: false }));
    await visible(page.getByText('(3 of 3 points)'));
    await visible(page.getByText('You passed this exam.'));
    expect(await page.getByRole('button', { name: 'Retake Exam' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next Courseware' }).click();
    await page.waitForURL(`**/module/${after!.id}`);
    await visible(page.getByText('Well done.'));
  });

  it('ends an attempt when the exam timer runs out, and reloads the courseware it completed', async () => {
    const s = await withExam([{ type: 'text', text: 'Latin for precedent?' }], { durationMinutes: 1 });
    await createOutline(db(), s.course, [{ type: 'html', name: 'After the exam', content: '<p>Well done.</p>' }], 1);
    const path = `/course/${s.course.slug}/module/${s.ware.id}`;
    const page = await open(s.enrolment.student.token, s.school.domain, path);
    await start(page, 'Start Exam');
    await visible(page.getByText('Exam Remaining Time'));
    // Three seconds left of the minute.
    await db().update(examSubmissions).set({ startedAt: new Date(Date.now() - 57_000) }).where(eq(examSubmissions.examId, s.exam.id));
    await page.reload();
    const oops = await dialog(page, msg.timerEndedTitle);
    await visible(oops.getByText(msg.timerEnded));
    await oops.getByRole('button', { name: 'OK' }).click();
    await visible(page.getByText('Score: 0.0%', { exact: false }));
    // Spec 2 §4: the courseware is reloaded: its mark in the outline and the lesson's Next follow at once.
    await visible(outlineDone(page, 'Final assessment'));
    await expect.poll(() => lessonNext(page).isEnabled()).toBe(true);
    await lessonNext(page).click();
    await visible(page.getByText('Well done.'));
  });

  it('asks before an attempt starts, in the exam\'s own numbers', async () => {
    const s = await withExam([{ type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'] }], { maxAttempts: 3, durationMinutes: 30 });
    // A courseware after the exam: submitting it does not finish the course (no congratulations over the page).
    await createOutline(db(), s.course, [{ type: 'html', name: 'After the exam', content: '<p>Well done.</p>' }], 1);
    const path = `/course/${s.course.slug}/module/${s.ware.id}`;
    const page = await open(s.enrolment.student.token, s.school.domain, path);
    await page.getByRole('button', { name: 'Start Exam' }).click();
    const confirm = await dialog(page, 'Start Exam?');
    await visible(confirm.getByText('This uses attempt 1 of 3 and starts a timer of 30 minutes, which keeps running if you leave the page.'));
    // Cancel starts nothing: no attempt used, no timer.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await db().select().from(examSubmissions).where(eq(examSubmissions.examId, s.exam.id))).toHaveLength(0);
    expect(await page.getByText('Exam Remaining Time').count()).toBe(0);
    await start(page, 'Start Exam');
    await visible(page.getByText('Exam Remaining Time'));
    expect(await db().select().from(examSubmissions).where(eq(examSubmissions.examId, s.exam.id))).toHaveLength(1);
    await question(page).getByLabel('MTC').check();
    await next(page, 'Submit');
    await toast(page, msg.examSubmitted);
    await page.getByRole('button', { name: 'Retake Exam' }).click();
    await visible((await dialog(page, 'Retake Exam?')).getByText('This uses attempt 2 of 3 and starts a timer of 30 minutes', { exact: false }));

    const untimed = await withExam([{ type: 'radio', text: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'] }]);
    const other = await open(untimed.enrolment.student.token, untimed.school.domain, `/course/${untimed.course.slug}/module/${untimed.ware.id}`);
    await other.getByRole('button', { name: 'Start Exam' }).click();
    await visible((await dialog(other, 'Start Exam?')).getByText('This starts attempt 1 (attempts are unlimited). There is no time limit.'));
  });

  it('shows every question\'s bubble, and each question\'s title inside its box', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ type: 'radio' as const, text: `Question text ${i + 1} long enough to wrap onto a second line on a narrow phone screen`, choices: ['Yes', 'No'], correctAnswer: ['Yes'] }));
    const s = await withExam(twelve);
    const path = `/course/${s.course.slug}/module/${s.ware.id}`;
    const page = await open(s.enrolment.student.token, s.school.domain, path);
    await start(page, 'Start Exam');
    const bubbles = page.getByRole('navigation', { name: 'Questions' }).getByRole('button');
    await visible(bubbles.first());
    expect(await bubbles.allTextContents()).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      // All twelve in view of the lesson, wrapping: none off to the side.
      const lesson = (await page.locator('main.lesson').boundingBox())!;
      for (const box of await Promise.all((await bubbles.all()).map((b) => b.boundingBox()))) expect(box!.x + box!.width).toBeLessThanOrEqual(lesson.x + lesson.width);
      // The title is laid out inside the box, below its top border, not over it.
      const [box, title] = [(await question(page).boundingBox())!, (await question(page).locator('legend').boundingBox())!];
      expect(title.y).toBeGreaterThan(box.y + 1);
      expect(title.x).toBeGreaterThan(box.x + 1);
      expect(title.x + title.width).toBeLessThan(box.x + box.width - 1);
    }
  });

  it('takes a survey and a file answer, and shows staff the questions without submitting', { timeout: 120_000 }, async () => {
    const s = await withExam([{ type: 'radio', text: 'Rate it', choices: ['Good', 'Poor'] }, { type: 'file', text: 'Attach your notes' }], { kind: 'survey' });
    const path = `/course/${s.course.slug}/module/${s.ware.id}`;
    const page = await open(s.enrolment.student.token, s.school.domain, path);
    // An untimed survey commits to nothing: it starts at once.
    await page.getByRole('button', { name: 'Start Survey' }).click();
    await question(page).getByLabel('Good').check();
    await next(page, 'Next Question');
    await next(page, 'Submit');
    await visible(question(page).getByText(msg.noFile));
    // Over the limit: refused in the page, before any upload.
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/exam/questions/') && uploads.push(r.url()));
    const fileInput = question(page).getByLabel('Answer to question 2');
    // Megabytes through the browser's protocol: more than the usual 10 s when the other browser tests share the cores.
    await fileInput.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(ANSWER_FILE_MAX_BYTES + 1, 0x20) }, { timeout: 60_000 });
    await next(page, 'Submit');
    await visible(question(page).getByText(msg.fileTooLarge));
    expect(uploads).toEqual([]);
    await fileInput.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 notes') });
    await next(page, 'Submit');
    await toast(page, msg.surveySubmitted);
    await (await dialog(page, 'Congratulations!')).getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'View Results' }).click();
    await visible(page.getByRole('link', { name: 'notes.pdf' }));

    const staff = await createStaff(db(), { school: s.school });
    const preview = await open(staff.token, s.school.domain, path);
    await preview.getByRole('button', { name: 'View Questions' }).click();
    await visible(question(preview).getByText('Rate it'));
    // Staff open any question; Next just moves on, and the last question has no Submit.
    await preview.getByRole('button', { name: 'Question 2' }).click();
    await visible(question(preview).getByText('Attach your notes'));
    expect(await preview.locator('.exam-actions').getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await preview.getByRole('button', { name: 'Previous Question' }).click();
    await next(preview, 'Next Question');
    await visible(question(preview).getByText('Attach your notes'));
    await preview.getByRole('button', { name: 'Hide Questions' }).click();
    expect(await preview.getByRole('button', { name: 'Start Survey' }).count()).toBe(0);
  });
});
