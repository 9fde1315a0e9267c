import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerMessages as msg, videoQuestionMessages as vq } from '@school/shared/learning/rules';
import { conferenceRooms, coursewareProgress, enrollments, videoQuestions } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, waitFor } from '../apps/server/test/support/factories';
import { noonZone, wallClock } from '../apps/server/test/support/clock';
import { client } from '../apps/server/test/support/http';
import { SHORT_AUDIO, SHORT_VIDEO, startApp, type E2eApp } from './support/app';
import { dialog, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const db = () => app.server.database.db;
// Short media shipped with the demo: a 3-second video, and a 4-second clip played as audio.

/** A school of its own (MCLE unless told otherwise) with a course of the given lessons, and a student enrolled in it. */
async function studying(lessons: Parameters<typeof createOutline>[2], course: Parameters<typeof createCourse>[1] = {}, mcle = true, timeZone?: string) {
  const school = await createSchool(db(), { products: { mcle }, ...(timeZone ? { timeZone } : {}) });
  const made = await createCourse(db(), { school, name: 'Evidence Refresher', ...course });
  const wares = await createOutline(db(), made, lessons);
  const enrolment = await createEnrolment(db(), { course: made });
  return { school, course: made, wares, enrolment };
}

async function open(token: string, domain: string, path: string, viewport?: { width: number; height: number }) {
  const { page } = await app.newPage(viewport ? { viewport } : {});
  await page.goto(await app.signInUrl(token, { school: domain, redirect: path }));
  await page.waitForURL(`**${path}`);
  return page;
}

const playerPath = (slug: string, id: number) => `/course/${slug}/module/${id}`;

/** Serious and critical axe-core violations, with the offending selectors. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const lessonTitle = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));
const play = (page: Page) => page.locator('media-play-button').click();

describe('studying a course', () => {
  it('goes through every kind of lesson with the navigation lock, notes, font size, theme, seek guard and resume', async () => {
    // Without the MCLE product the congratulations lead straight to My Certificates (certificates.spec signs the
    // statement an MCLE school asks for first).
    const s = await studying([
      { type: 'html', name: 'Reading', content: '<p>The rule of <strong>best evidence</strong>.</p><script>window.hacked = true</script>' },
      { type: 'video', name: 'Lecture', ...SHORT_VIDEO },
      { type: 'pdf', name: 'Syllabus', file: 'seed/private/lessons/syllabus.pdf' },
      { type: 'link', name: 'E-Library', url: 'https://elibrary.judiciary.gov.ph/' },
      { type: 'audio', name: 'Podcast', ...SHORT_AUDIO },
    ], {}, false);
    const [html, video, pdf, link, audio] = s.wares;
    const page = await open(s.enrolment.student.token, s.school.domain, `/course/${s.course.slug}`);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.getByRole('button', { name: 'Start Learning' }).click();
    await page.waitForURL(`**${playerPath(s.course.slug, html!.id)}`);
    await lessonTitle(page, 'Reading');
    // Starting a course resets the light theme.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await visible(page.getByText('best evidence'));
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

    // Font size, remembered; dark mode.
    await page.getByRole('button', { name: 'Increase font size' }).click();
    await visible(page.getByText('17px'));
    expect(await page.locator('.lesson').evaluate((el) => getComputedStyle(el).fontSize)).toBe('17px');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // A locked courseware sends the student to the latest incomplete one.
    await page.goto(app.origin(s.school.domain) + playerPath(s.course.slug, link!.id));
    await page.waitForURL(`**${playerPath(s.course.slug, html!.id)}`);
    await lessonTitle(page, 'Reading');
    await visible(page.getByText('17px'));

    // Notes.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('My notes').fill('Best evidence: original document.');
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await toast(page, msg.notesSaved);
    await page.getByRole('tab', { name: 'Course Content' }).click();

    // Scrolled down a long page, the student completes it by keyboard (the completion moves on to the next
    // courseware before a check could be verified); the next one opens at the top.
    await page.evaluate(() => {
      document.body.style.minHeight = '5000px';
      window.scrollTo(0, 4000);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByLabel('Mark as Complete').evaluate((box: HTMLElement) => box.focus({ preventScroll: true }));
    await page.keyboard.press('Space');
    await page.waitForURL(`**${playerPath(s.course.slug, video!.id)}`);
    await lessonTitle(page, 'Lecture');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await visible(page.getByRole('navigation', { name: 'Course Content' }).getByText('(completed)'));

    // Forward seeking is refused: the video goes back to where it was.
    await page.locator('video').evaluate((v: HTMLVideoElement) => new Promise((resolve) => (v.readyState >= 1 ? resolve(null) : v.addEventListener('loadedmetadata', resolve, { once: true }))));
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 2.5;
    });
    await page.waitForFunction(() => document.querySelector('video')!.currentTime < 1.3);
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.volume)).toBe(0.8);
    await play(page);
    // Ending the video completes it and moves on.
    await page.waitForURL(`**${playerPath(s.course.slug, pdf!.id)}`, { timeout: 20_000 });

    await lessonTitle(page, 'Syllabus');
    await visible(page.locator('.pdf-lesson canvas'));
    expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0);
    await page.getByLabel('Mark as Complete').click();
    await page.waitForURL(`**${playerPath(s.course.slug, link!.id)}`);
    await lessonTitle(page, 'E-Library');
    expect(await page.getByRole('link', { name: 'Open E-Library' }).getAttribute('href')).toBe('https://elibrary.judiciary.gov.ph/');
    await page.getByLabel('Mark as Complete').click();
    await page.waitForURL(`**${playerPath(s.course.slug, audio!.id)}`);
    await lessonTitle(page, 'Podcast');

    // Resume from the saved second.
    await db()
      .update(coursewareProgress)
      .set({ seconds: 2 })
      .where(and(eq(coursewareProgress.enrollmentId, s.enrolment.id), eq(coursewareProgress.coursewareId, audio!.id)));
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 1.9);
    await play(page);
    const congratulations = await dialog(page, 'Congratulations!');
    await visible(congratulations.getByText('You have completed Evidence Refresher.'));
    await congratulations.getByRole('button', { name: 'View Certificates' }).click();
    await page.waitForURL('**/student/certificates');

    const record = await client(app.server.url).get(`/api/v1/enrollments/${s.enrolment.id}/`, { token: s.enrolment.student.token, host: s.school.host });
    expect(record.body).toMatchObject({ progress: 100, notes: 'Best evidence: original document.' });
    expect(record.body.completed_coursewares).toHaveLength(5);
  });

  it('answers every kind of interactive-video question, checked by the server', async () => {
    const s = await studying([{ type: 'ivideo', name: 'Case study', ...SHORT_VIDEO, maxAttempts: 2 }]);
    const ivideo = s.wares[0]!;
    const question = (type: 'info' | 'radio' | 'checkbox' | 'select' | 'text' | 'fitb', content: string, choices: string[], correct: string[], location = { x: 50, y: 50 }) => ({
      schoolId: s.school.id,
      location,
      coursewareId: ivideo.id,
      type,
      timestamp: 1,
      content,
      choices,
      correctAnswer: correct,
      remarks: `Because of ${content}`,
    });
    await db()
      .insert(videoQuestions)
      .values([
        question('info', 'Watch closely.', [], []),
        question('radio', 'Which court?', ['MTC', 'RTC'], ['RTC'], { x: 20, y: 15 }),
        question('checkbox', 'Which are modes of discovery?', ['Depositions', 'Motion to dismiss', 'Request for admission'], ['Depositions', 'Request for admission'], { x: 85, y: 80 }),
        question('select', 'How many days?', ['3', '5'], ['5']),
        question('text', 'Latin for precedent?', [], ['stare decisis']),
        question('fitb', 'The ___ of the ___.', [], ['spirit', 'law']),
      ]);
    const page = await open(s.enrolment.student.token, s.school.domain, playerPath(s.course.slug, ivideo.id));
    await lessonTitle(page, 'Case study');
    await play(page);
    const card = () => page.locator('form.video-question');

    await visible(card().getByText('Watch closely.'));
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await card().getByRole('button', { name: 'Continue' }).click();

    await visible(card().getByText('Which court?'));
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.selectAnswer));
    await card().getByLabel('MTC').check();
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.tryAgain));
    expect(await card().getByText('Correct answer').count()).toBe(0);
    // The wrong answer's message hangs below the question's marker, near the top left of the picture.
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const [marker, below] = [await box('.video-question-marker'), await box('form.video-question')];
    const gap = (from: number, to: number) => to - from;
    expect(gap(marker.y + marker.height, below.y)).toBeGreaterThan(0);
    expect(gap(marker.y + marker.height, below.y)).toBeLessThan(30);
    expect(below.x).toBeLessThan(marker.x + marker.width / 2);
    expect(below.x + below.width).toBeGreaterThan(marker.x + marker.width / 2);
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.incorrect, { exact: true }));
    await visible(card().getByText('Correct answer: RTC'));
    await visible(card().getByText(vq.explanation));
    await card().getByRole('button', { name: 'Continue' }).click();

    await visible(card().getByText('Which are modes of discovery?'));
    // Near the bottom right there is no room below: the question opens above its marker.
    const [lowMarker, above] = [await box('.video-question-marker'), await box('form.video-question')];
    expect(gap(above.y + above.height, lowMarker.y)).toBeGreaterThan(0);
    expect(gap(above.y + above.height, lowMarker.y)).toBeLessThan(30);
    await card().getByLabel('Request for admission').check();
    await card().getByLabel('Depositions').check();
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.correct));
    await card().getByRole('button', { name: 'Continue' }).click();

    await visible(card().getByText('How many days?'));
    await card().getByRole('combobox').selectOption('5');
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.correct));
    await card().getByRole('button', { name: 'Continue' }).click();

    await visible(card().getByText('Latin for precedent?'));
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.required));
    await card().getByRole('textbox').fill('Stare Decisis');
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.correct));
    await card().getByRole('button', { name: 'Continue' }).click();

    await card().getByLabel('Blank 1').fill('spirit');
    await card().getByLabel('Blank 2').fill('letter');
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.tryAgain));
    await card().getByLabel('Blank 2').fill('law');
    await card().getByRole('button', { name: 'Submit' }).click();
    await visible(card().getByText(vq.correct));
    await card().getByRole('button', { name: 'Continue' }).click();
    await dialog(page, 'Congratulations!');
  });
});

describe('start, timer and preview', () => {
  it('asks for the GENERAL NOTICE before a course with random photo validation', async () => {
    const s = await studying([{ type: 'html', name: 'Reading', content: '<p>Read</p>' }], { enableKyl: true, videoDownload: false });
    const page = await open(s.enrolment.student.token, s.school.domain, `/course/${s.course.slug}`);
    await page.getByRole('button', { name: 'Start Learning' }).click();
    const notice = await dialog(page, 'GENERAL NOTICE');
    await visible(notice.getByText('A.M. No. 19-10-16-SC', { exact: false }));
    await visible(notice.getByText('Recording, downloading, copying or sharing the course videos and materials is not allowed.'));
    const proceed = notice.getByRole('button', { name: 'Continue' });
    expect(await proceed.isDisabled()).toBe(true);
    await notice.getByLabel('I understand that random photos of me will be taken for validation.').check();
    await notice.getByLabel('I consent to the collection and processing of these photos and my study records for this purpose.').check();
    await proceed.click();
    await lessonTitle(page, 'Reading');
  });

  it('ends the attempt when the course timer runs out, and a retake starts over', async () => {
    const s = await studying([{ type: 'html', name: 'Reading', content: '<p>Read</p>' }, { type: 'link', name: 'Link', url: 'https://example.com/' }], { durationMinutes: 1 });
    const api = client(app.server.url);
    const as = { token: s.enrolment.student.token, host: s.school.host };
    await api.post(`/api/v1/courses/${s.course.id}/start/`, {}, as);
    await api.get(`/api/v1/coursewares/${s.wares[0]!.id}/`, as);
    await api.post(`/api/v1/coursewares/${s.wares[0]!.id}/complete/`, {}, as);
    // Ten seconds left of the minute: time for a busy machine to open the page before it runs out.
    await db().update(enrollments).set({ attemptStartedAt: new Date(Date.now() - 50_000) }).where(eq(enrollments.id, s.enrolment.id));

    const page = await open(s.enrolment.student.token, s.school.domain, playerPath(s.course.slug, s.wares[1]!.id));
    await visible(page.getByText(msg.remainingTime));
    await visible(page.getByText(msg.timerNote));
    const ended = await dialog(page, msg.timerEndedTitle);
    await visible(ended.getByText(msg.courseTimerEnded));
    await ended.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/course/${s.course.slug}`);

    await page.getByRole('button', { name: 'Resume Learning' }).click();
    const again = await dialog(page, msg.timerEndedTitle);
    const starts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith(`/courses/${s.course.id}/start/`) && starts.push(r.url()));
    await again.getByRole('button', { name: 'Retake Course' }).click();
    await lessonTitle(page, 'Reading');
    await visible(page.getByText(/^00:0\d:\d\d$/));
    // One new attempt: the retake asks once.
    expect(starts).toHaveLength(1);
    const record = await api.get(`/api/v1/enrollments/${s.enrolment.id}/`, as);
    expect(record.body).toMatchObject({ progress: 0, completed_coursewares: [] });
  });

  it("lets the school's staff open any courseware without enrolling", async () => {
    const s = await studying([
      { type: 'html', name: 'Reading', content: '<p>Read</p>' },
      { type: 'exam', name: 'Final assessment', description: 'Twenty questions on evidence.' },
      { type: 'link', name: 'Last link', url: 'https://example.com/' },
    ]);
    const staff = await createStaff(db(), { school: s.school, role: 'IN' });
    const page = await open(staff.token, s.school.domain, `/course/${s.course.slug}`);
    await page.getByRole('button', { name: 'View Course' }).click();
    await lessonTitle(page, 'Reading');
    // An exam shows its name and description until the exams work opens it.
    await page.getByRole('navigation', { name: 'Course Content' }).getByRole('link', { name: /Final assessment/ }).click();
    await lessonTitle(page, 'Final assessment');
    await visible(page.getByText('Twenty questions on evidence.'));
    await page.getByRole('navigation', { name: 'Course Content' }).getByRole('link', { name: /Last link/ }).click();
    await lessonTitle(page, 'Last link');
    expect(await page.getByLabel('Mark as Complete').count()).toBe(0);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await visible(page.getByText('Notes are kept by enrolled students.'));
  });

  it("asks for a new address of a lesson's private file when the old one is refused, and plays on", async () => {
    const s = await studying([{ type: 'video', name: 'Lecture', ...SHORT_VIDEO }], {}, false);
    const { page } = await app.newPage();
    // The first address is refused, as an expired one is: the player asks the server for a new one.
    const asked: string[] = [];
    await page.route('**/media/private/**', (route) => {
      asked.push(route.request().url());
      return asked.length === 1 ? route.fulfill({ status: 403, body: 'expired' }) : route.continue();
    });
    const path = playerPath(s.course.slug, s.wares[0]!.id);
    await page.goto(await app.signInUrl(s.enrolment.student.token, { school: s.school.domain, redirect: path }));
    await lessonTitle(page, 'Lecture');
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.getByText(msg.mediaFailed).count()).toBe(0);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    await play(page);
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.5);
  });

  it('keeps Mark as Complete in view on a phone, says why Next is locked, and zooms a PDF', async () => {
    const s = await studying([{ type: 'pdf', name: 'Syllabus', file: 'seed/private/lessons/syllabus.pdf' }, { type: 'html', name: 'Reading', content: '<p>Read</p>' }]);
    const page = await open(s.enrolment.student.token, s.school.domain, playerPath(s.course.slug, s.wares[0]!.id), { width: 360, height: 740 });
    await lessonTitle(page, 'Syllabus');
    await visible(page.locator('.pdf-lesson canvas').first());
    const next = page.getByRole('navigation', { name: 'Coursewares' }).getByRole('button', { name: 'Next', exact: true });
    expect(await next.isDisabled()).toBe(true);
    expect(await next.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe('Mark this lesson as complete to go on.');

    // The box is on screen without scrolling through the document.
    const box = (await page.getByLabel(msg.markComplete).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(box.y).toBeGreaterThanOrEqual(0);

    const width = async () => (await page.locator('.pdf-lesson canvas').first().boundingBox())!.width;
    const fitted = await width();
    expect(fitted).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await visible(page.getByRole('group', { name: 'Zoom' }).getByText('150%'));
    await page.waitForFunction((w) => (document.querySelector('.pdf-lesson canvas')?.getBoundingClientRect().width ?? 0) > w * 1.4, fitted);
    await page.getByRole('button', { name: 'Fit to width' }).click();
    await page.waitForFunction((w) => Math.abs((document.querySelector('.pdf-lesson canvas')?.getBoundingClientRect().width ?? 0) - w) < 2, fitted);

    await page.getByLabel(msg.markComplete).click();
    await lessonTitle(page, 'Reading');
  });

  it('moves the panel tabs into the header on narrow screens', async () => {
    const s = await studying([{ type: 'html', name: 'Reading', content: '<p>Read</p>' }]);
    const page = await open(s.enrolment.student.token, s.school.domain, playerPath(s.course.slug, s.wares[0]!.id), { width: 390, height: 800 });
    await lessonTitle(page, 'Reading');
    expect(await page.getByRole('tablist').isVisible()).toBe(false);
    // The header leaves the phone's screen to the lesson.
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(130);
    await page.getByRole('banner').getByRole('button', { name: 'Notes' }).click();
    await visible(page.getByLabel('My notes'));
    await page.getByRole('button', { name: 'Close panel' }).click();
    expect(await page.getByRole('tablist').isVisible()).toBe(false);
  });
});

describe('live classes', () => {
  /** A class starting in 10 minutes before a reading, a student enrolled, at a school where it is about noon. */
  async function classSoon(mcle: boolean) {
    const zone = noonZone();
    const s = await studying([{ type: 'class', name: 'Open forum' }, { type: 'html', name: 'Reading', content: '<p>After class</p>' }], {}, mcle, zone);
    const start = wallClock(zone, 10);
    const [room] = await db()
      .insert(conferenceRooms)
      .values({ schoolId: s.school.id, coursewareId: s.wares[0]!.id, name: `e2e-room-${s.wares[0]!.id}`, date: start.date, startTime: start.time, endTime: '23:59:59' })
      .returning();
    return { ...s, zone, room: room! };
  }
  const record = (s: Awaited<ReturnType<typeof classSoon>>) => client(app.server.url).get(`/api/v1/enrollments/${s.enrolment.id}/`, { token: s.enrolment.student.token, host: s.school.host });

  it('opens the room by its unguessable code and completes the class when the conference says the student is in', async () => {
    const s = await classSoon(false);
    const { page, context } = await app.newPage();
    // The conference server's external_api.js, stood in for: it draws the room and reports joining a moment later.
    await context.route('https://meet.jit.si/external_api.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.JitsiMeetExternalAPI = class {
          constructor(domain, options) {
            const frame = document.createElement('p');
            frame.textContent = 'Jitsi ' + domain + '/' + options.roomName + ' as ' + options.userInfo.displayName;
            options.parentNode.append(frame);
          }
          addListener(event, listener) { if (event === 'videoConferenceJoined') setTimeout(listener, 300); }
          dispose() {}
        };`,
      }),
    );
    const path = playerPath(s.course.slug, s.wares[0]!.id);
    await page.goto(await app.signInUrl(s.enrolment.student.token, { school: s.school.domain, redirect: path }));
    await lessonTitle(page, 'Open forum');
    await page.getByRole('button', { name: 'Join Class' }).click();
    await visible(page.getByText(new RegExp(`^Jitsi meet\\.jit\\.si/${s.room.code} as Test\\s+Student$`)));
    await visible(page.getByText('Your attendance is recorded.'));
    await page.waitForFunction(() => document.querySelectorAll('.player-outline .mark.is-done').length === 1);
    // The lesson itself is read again: its Next is open without a reload.
    await page.getByRole('navigation', { name: 'Coursewares' }).getByRole('button', { name: 'Next', exact: true }).click();
    await lessonTitle(page, 'Reading');
  });

  it("opens a studio's room only in the class's hours, by its code", async () => {
    const s = await classSoon(false);
    const later = wallClock(s.zone, 60);
    const { page, context } = await app.newPage();
    await context.route('https://meet.jit.si/external_api.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.JitsiMeetExternalAPI = class {
          constructor(domain, options) { const p = document.createElement('p'); p.textContent = 'Studio room ' + options.roomName; options.parentNode.append(p); }
          addListener() {}
          dispose() {}
        };`,
      }),
    );
    await db().update(conferenceRooms).set({ useStudios: true, startTime: later.time, date: later.date }).where(eq(conferenceRooms.id, s.room.id));
    // The student came from the class's lesson in the player, which opened it.
    await client(app.server.url).get(`/api/v1/coursewares/${s.wares[0]!.id}/`, { token: s.enrolment.student.token, host: s.school.host });
    const path = `/studios/${s.room.name}`;
    await page.goto(await app.signInUrl(s.enrolment.student.token, { school: s.school.domain, redirect: path }));
    await visible(page.getByRole('alert').filter({ hasText: msg.classNotOpen }));
    expect(await page.getByText(/^Studio room/).count()).toBe(0);

    await db().update(conferenceRooms).set({ startTime: s.room.startTime, date: s.room.date }).where(eq(conferenceRooms.id, s.room.id));
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByText(`Studio room ${s.room.code}`));
  });

  it('says the conference could not be reached, offers Try again, and credits nothing', async () => {
    const s = await classSoon(true);
    const { page, context } = await app.newPage();
    await context.route('https://meet.jit.si/**', (route) => route.abort('internetdisconnected'));
    const path = playerPath(s.course.slug, s.wares[0]!.id);
    await page.goto(await app.signInUrl(s.enrolment.student.token, { school: s.school.domain, redirect: path }));
    await lessonTitle(page, 'Open forum');
    await page.getByRole('button', { name: 'Join Class' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'The live class could not be reached from this network (meet.jit.si).' });
    await visible(failure);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await visible(failure);
    await visible(page.getByText('Your attendance starts once you are in the class.'));
    expect((await record(s)).body).toMatchObject({ progress: 0, completed_coursewares: [] });
    expect(await page.locator('.player-outline .mark.is-done').count()).toBe(0);
  });
});

describe('outside players', () => {
  it('says which outside player is blocked, offers Retry, and reports the problem to the school', async () => {
    const s = await studying([
      { type: 'yt', name: 'Recorded lecture', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', mediaSeconds: 3 },
    ]);
    const admin = await createStaff(db(), { school: s.school });
    const { page, context } = await app.newPage({ viewport: { width: 360, height: 740 } });
    // This network reaches neither provider.
    await context.route(/^https:\/\/(www\.youtube\.com|w\.soundcloud\.com)\//, (route) => route.abort('blockedbyclient'));
    const path = playerPath(s.course.slug, s.wares[0]!.id);
    await page.goto(await app.signInUrl(s.enrolment.student.token, { school: s.school.domain, redirect: path }));
    await lessonTitle(page, 'Recorded lecture');
    const problem = page.getByRole('alert').filter({ hasText: msg.mediaFailed });
    await visible(problem.getByText('YouTube could not be reached from this network.'));
    await visible(problem.getByRole('button', { name: 'Retry' }));
    await problem.getByRole('button', { name: 'Report a problem' }).click();
    await visible(problem.getByRole('button', { name: 'Problem reported' }));
    await visible(problem.getByText("The school's staff have been told."));
    const told = await waitFor(async () => {
      const res = await client(app.server.url).get('/api/v1/notifications/', { token: admin.token, host: s.school.host });
      return res.body.data?.[0];
    });
    expect(told.description).toContain('Recorded lecture');
    expect(told.description).toContain('YouTube: could not load https://www.youtube.com/iframe_api');

    // Retry loads the lesson again (still blocked here).
    await problem.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByText('YouTube could not be reached from this network.'));
  });

  it('plays YouTube and SoundCloud lessons through stand-ins of their APIs, with the same progress rules', async () => {
    const s = await studying([
      { type: 'yt', name: 'Recorded lecture', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', mediaSeconds: 3 },
      { type: 'sc', name: 'Audio briefing', url: 'https://soundcloud.com/forss/flickermood', mediaSeconds: 3 },
    ]);
    const [yt, sc] = s.wares;
    const { page, context } = await app.newPage();
    // Nothing reaches the internet: the providers' scripts and frames are answered here, their APIs stood in for.
    await context.route(/^https:\/\/(www\.youtube\.com|w\.soundcloud\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/html', body: '' }),
    );
    await context.addInitScript(() => {
      type Listener = (event: { data?: number; currentPosition?: number }) => void;
      const w = window as unknown as Record<string, unknown>;
      w.YT = {
        PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
        Player: class {
          private time = 0;
          private timer = 0;
          private listeners: Record<string, Listener[]> = {};
          constructor(_frame: unknown, options: { events: { onReady: () => void } }) {
            setTimeout(() => options.events.onReady(), 10);
          }
          private emit(name: string, data?: number) {
            for (const l of this.listeners[name] ?? []) l({ data });
          }
          addEventListener(name: string, listener: Listener) {
            (this.listeners[name] ??= []).push(listener);
          }
          removeEventListener() {}
          playVideo() {
            this.emit('onStateChange', 1);
            this.timer = window.setInterval(() => {
              this.time = Math.min(3, this.time + 0.25);
              this.emit('onVideoProgress');
              if (this.time >= 3) {
                window.clearInterval(this.timer);
                this.emit('onStateChange', 0);
              }
            }, 250);
          }
          pauseVideo() {
            window.clearInterval(this.timer);
            this.emit('onStateChange', 2);
          }
          seekTo(seconds: number) {
            this.time = seconds;
          }
          getCurrentTime() {
            return this.time;
          }
          getDuration() {
            return 3;
          }
          getVolume() {
            return 80;
          }
          setVolume() {}
          mute() {}
          unMute() {}
          isMuted() {
            return false;
          }
          getPlaybackRate() {
            return 1;
          }
          setPlaybackRate() {}
          getVideoLoadedFraction() {
            return 1;
          }
          getOption() {
            return [];
          }
          setOption() {}
        },
      };
      // SoundCloud's widget: ready, a seek 10 s ahead (which the player must undo), then playing to the end.
      const seeks: number[] = [];
      w.scSeeks = seeks;
      const events = { READY: 'ready', PLAY_PROGRESS: 'playProgress', SEEK: 'seek', PAUSE: 'pause', FINISH: 'finish' };
      w.SC = {
        Widget: Object.assign(
          () => {
            const on: Record<string, Listener> = {};
            setTimeout(() => {
              on.ready?.({});
              on.seek?.({ currentPosition: 10_000 });
              let ms = 0;
              const timer = window.setInterval(() => {
                ms += 250;
                on.playProgress?.({ currentPosition: ms });
                if (ms >= 3000) {
                  window.clearInterval(timer);
                  on.finish?.({});
                }
              }, 250);
            }, 50);
            return { bind: (name: string, listener: Listener) => (on[name] = listener), unbind: (name: string) => delete on[name], seekTo: (ms: number) => seeks.push(ms), setVolume: () => undefined };
          },
          { Events: events },
        ),
      };
    });
    await page.goto(await app.signInUrl(s.enrolment.student.token, { school: s.school.domain, redirect: playerPath(s.course.slug, yt!.id) }));
    await lessonTitle(page, 'Recorded lecture');
    await page.locator('youtube-video').waitFor({ state: 'attached' });
    await play(page);
    // The end of the video completes it and moves on to the SoundCloud lesson: three seconds of playback, their
    // progress saves and the completion, which a busy CI machine has taken more than ten seconds over.
    await page.waitForURL(`**${playerPath(s.course.slug, sc!.id)}`, { timeout: 30_000 });
    await lessonTitle(page, 'Audio briefing');
    expect(await page.locator('iframe.soundcloud-lesson').getAttribute('src')).toContain(encodeURIComponent('https://soundcloud.com/forss/flickermood'));
    await dialog(page, 'Congratulations!');
    // The seek ahead was taken back to where the track was.
    expect(await page.evaluate(() => (window as unknown as { scSeeks: number[] }).scSeeks)).toEqual([0]);
  });
});

describe('accessibility of the player (axe-core)', () => {
  it.each(['light', 'dark'])('a reading and an interactive-video question in %s mode', async (theme) => {
    const s = await studying([
      { type: 'html', name: 'Reading', content: '<h2>Leading cases</h2><p>Read them.</p>' },
      { type: 'ivideo', name: 'Case study', ...SHORT_VIDEO },
    ]);
    await db().insert(videoQuestions).values({ schoolId: s.school.id, coursewareId: s.wares[1]!.id, type: 'radio', timestamp: 0, content: 'Which court?', choices: ['MTC', 'RTC'], correctAnswer: ['RTC'] });
    const page = await open(s.enrolment.student.token, s.school.domain, playerPath(s.course.slug, s.wares[0]!.id));
    await lessonTitle(page, 'Reading');
    // Starting resets the light theme; the toggle then sets the one under test.
    if (theme === 'dark') await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await seriousViolations(page), 'reading').toEqual([]);
    await page.getByLabel('Mark as Complete').click();
    await lessonTitle(page, 'Case study');
    await play(page);
    await visible(page.locator('form.video-question').getByText('Which court?'));
    expect(await seriousViolations(page), 'question').toEqual([]);
  });
});

describe('an unsupported browser', () => {
  it('is sent from the player to the info page, as from every other page', async () => {
    const s = await studying([{ type: 'html', name: 'Reading', content: '<p>Read me.</p>' }], {}, false);
    const page = await open(s.enrolment.student.token, s.school.domain, `/course/${s.course.slug}`);
    // Signed in; from now on the browser lacks a feature the app needs (browser-support.ts tests for them).
    await page.context().addInitScript(() => delete (window as { HTMLDialogElement?: unknown }).HTMLDialogElement);
    await page.goto(app.origin(s.school.domain) + playerPath(s.course.slug, s.wares[0]!.id));
    await page.waitForURL('**/info-page');
    await visible(page.getByRole('heading', { name: 'This browser is not fully supported' }));
  });
});
