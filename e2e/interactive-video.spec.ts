import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoQuestionMessages as vq } from '@school/shared/learning/rules';
import { videoQuestions } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool } from '../apps/server/test/support/factories';
import { SHORT_VIDEO, startApp, type E2eApp } from './support/app';
import { visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const db = () => app.server.database.db;

describe('interactive video with unlimited attempts', () => {
  it('takes a blank in any case and spacing, and reveals the answer after 3 wrong tries so the student goes on', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school, name: 'Evidence Refresher' });
    // The demo's 3-second video; max_attempts 0 is unlimited.
    const [ivideo] = await createOutline(db(), course, [{ type: 'ivideo', name: 'Case study', ...SHORT_VIDEO, maxAttempts: 0 }]);
    const enrolment = await createEnrolment(db(), { course });
    const question = { schoolId: school.id, coursewareId: ivideo!.id, location: { x: 50, y: 50 }, timestamp: 1, choices: [] as string[] };
    await db()
      .insert(videoQuestions)
      .values([
        { ...question, type: 'fitb', content: 'Appeals end at the ___.', correctAnswer: ['Supreme Court'] },
        { ...question, type: 'radio', content: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'], remarks: 'Exclusive original jurisdiction.' },
      ]);
    const path = `/course/${course.slug}/module/${ivideo!.id}`;
    const { page } = await app.newPage();
    await page.goto(await app.signInUrl(enrolment.student.token, { school: school.domain, redirect: path }));
    await page.waitForURL(`**${path}`);
    await page.locator('media-play-button').click();
    const card = () => page.locator('form.video-question');

    await card().getByLabel('Blank 1').fill('  supreme   COURT ');
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.correct));
    await card().getByRole('button', { name: 'Continue' }).click();

    await visible(card().getByText('Which court?'));
    await card().getByLabel('MTC').check();
    // Each try waits for the server's check: the message of a second wrong try is the same as the first's.
    const submit = () => Promise.all([page.waitForResponse((r) => r.url().includes('/answer/')), card().getByRole('button', { name: 'Submit' }).click()]);
    for (let wrong = 1; wrong < 3; wrong++) {
      await submit();
      await visible(card().getByText(vq.tryAgain));
      expect(await card().getByText('Correct answer').count()).toBe(0);
    }
    await submit();
    await visible(card().getByText(vq.incorrect, { exact: true }));
    await visible(card().getByText('Correct answer: RTC'));
    await visible(card().getByText('Exclusive original jurisdiction.'));
    await card().getByRole('button', { name: 'Continue' }).click();
    await card().waitFor({ state: 'detached' });
    await page.waitForFunction(() => !document.querySelector('video')!.paused || document.querySelector('video')!.ended);
  });

  it('puts the question under the video on a phone held sideways, where the picture cannot hold it', async () => {
    const school = await createSchool(db());
    const course = await createCourse(db(), { school });
    const [ivideo] = await createOutline(db(), course, [{ type: 'ivideo', name: 'Case study', ...SHORT_VIDEO, maxAttempts: 0 }]);
    const enrolment = await createEnrolment(db(), { course });
    await db()
      .insert(videoQuestions)
      .values({ schoolId: school.id, coursewareId: ivideo!.id, location: { x: 50, y: 80 }, timestamp: 1, type: 'radio', content: 'Which court?', choices: ['MTC', 'RTC', 'CA', 'SC'], correctAnswer: ['RTC'] });
    const path = `/course/${course.slug}/module/${ivideo!.id}`;
    const { page } = await app.newPage({ viewport: { width: 740, height: 360 } });
    await page.goto(await app.signInUrl(enrolment.student.token, { school: school.domain, redirect: path }));
    await page.waitForURL(`**${path}`);
    await page.locator('media-play-button').click();
    const card = page.locator('form.video-question');
    await visible(card.getByText('Which court?'));
    const video = (await page.locator('video').boundingBox())!;
    const box = (await card.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(video.y + video.height - 1);
    // Every choice and the button can be reached.
    await card.getByRole('button', { name: 'Submit' }).scrollIntoViewIfNeeded();
    expect(await card.getByRole('button', { name: 'Submit' }).isVisible()).toBe(true);
  });
});
