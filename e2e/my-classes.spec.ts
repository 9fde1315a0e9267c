import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { slugFor } from '@school/shared/catalogue/rules';
import { clockTime, longDate, todayIn } from '@school/shared/school/dates';
import { nextDay } from '@school/shared/schedule/rules';
import { courses, lecturers } from '../apps/server/src/db/schema/index';
import { createCourse, createEnrolment, createSchool, createStudent } from '../apps/server/test/support/factories';
import { createClassWithSchedule, createLiveClass } from '../apps/server/test/support/schedule-factories';
import { startApp, type E2eApp } from './support/app';
import { visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const ZONE = 'Asia/Manila';

/**
 * A school in Manila and a student enrolled (paid) in a class of one of its courses: today the class meets at
 * 09:00 and 15:00 and the course holds a live class at 13:00, three events on one day; tomorrow one more session.
 */
async function studentWithClasses() {
  const db = app.server.database.db;
  const school = await createSchool(db, { timeZone: ZONE });
  const [lecturer] = await db.insert(lecturers).values({ schoolId: school.id, name: 'Justice Lecturer' }).returning();
  const made = await createCourse(db, { school, name: 'Remedial Law Review', units: 3.5, lecturerId: lecturer!.id });
  // A slug as the platform makes them (the course page reads the id at its end).
  const course = { ...made, slug: slugFor(made.name, made.id) };
  await db.update(courses).set({ slug: course.slug }).where(eq(courses.id, course.id));
  const today = todayIn(ZONE);
  const cls = await createClassWithSchedule(
    db,
    course,
    [
      { date: today, startTime: '09:00', endTime: '12:00', instructor: 'Atty. Teresita Cruz' },
      { date: today, startTime: '15:00', endTime: '17:00', instructor: 'Prof. Eduardo Lim', type: 'Face to face' },
      { date: nextDay(today), startTime: '10:00', endTime: '11:00', instructor: 'Prof. Eduardo Lim' },
    ],
    'Saturday Morning Class',
  );
  const live = await createLiveClass(db, course, { date: today, startTime: '13:00', endTime: '14:30', name: 'Live open forum' });
  const student = await createStudent(db, { school });
  await createEnrolment(db, { student, course, classId: cls.id, status: 'paid' });
  return { school, course, live, student, today };
}

/** Signs a browser in on the school's site (its clock in New York, far from the school) and opens My Classes. */
async function openClasses(domain: string, token: string, options: { theme?: 'light' | 'dark'; width?: number } = {}) {
  const { page, context } = await app.newPage({ viewport: { width: options.width ?? 1280, height: 900 }, timezoneId: 'America/New_York' });
  await context.addInitScript((theme) => {
    localStorage.setItem('theme', theme);
    for (let id = 1; id < 10; id++) sessionStorage.setItem(`announcement-seen:${id}`, '1');
  }, options.theme ?? 'light');
  const classes = page.waitForRequest((r) => r.url().includes('/api/v1/students/classes/'));
  await page.goto(await app.signInUrl(token, { school: domain, redirect: '/student/classes' }));
  await page.waitForURL('**/student/classes');
  const first = new URL((await classes).url());
  await visible(page.getByRole('tablist', { name: 'Change view' }));
  return { page, context, range: { start: first.searchParams.get('date_start'), end: first.searchParams.get('date_end') } };
}

const viewTab = (page: Page, name: 'List' | 'Day' | 'Week' | 'Month') => page.getByRole('tab', { name: `${name} view` });
const event = (page: Page, text: string) => page.locator('.my-classes [role="button"]').filter({ hasText: text });

/** `day` and `n` days after it, YYYY-MM-DD. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Sunday that starts the week of `day` (FullCalendar's English weeks) and the Saturday that ends it. */
function weekOf(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  const start = new Date(date.getTime() - date.getUTCDay() * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) };
}

describe('My Classes', () => {
  it("shows the week by default in the school's time zone, then the month with '+N more' and the day", async () => {
    const s = await studentWithClasses();
    const { page, context, range } = await openClasses(s.school.domain, s.student.token);
    // The week around today where the school is, asked of the server with both days included.
    expect(range).toEqual(weekOf(s.today));
    expect(await viewTab(page, 'Week').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.my-classes [role="columnheader"]').count()).toBe(7);
    // 09:00 in Manila, shown as the school's time although this browser is in New York.
    await visible(event(page, 'Saturday Morning Class').filter({ hasText: '9:00 – 12:00' }));
    await visible(event(page, 'Live open forum').filter({ hasText: '1:00 – 2:30' }));
    // Each event names its course too: classes of one name (every course's live forum) are told apart.
    expect(await event(page, 'Live open forum').innerText()).toContain('Remedial Law Review');
    await visible(event(page, 'Saturday Morning Class').filter({ hasText: '3:00 – 5:00' }));
    await visible(page.getByText(`Times are in the school's time zone (${ZONE}).`));

    await viewTab(page, 'Month').click();
    expect(await viewTab(page, 'Month').getAttribute('aria-selected')).toBe('true');
    const todayCell = page.locator(`.my-classes [role="cell"][data-date="${s.today}"]`);
    // At most two events in a day's cell, then "+1 more" for the third.
    const more = await visible(todayCell.getByRole('button', { name: '+1 more' }));
    expect(await more.getAttribute('title')).toBe('Show 1 more event');
    expect(await todayCell.locator('[role="listitem"] [role="button"]').filter({ visible: true }).count()).toBe(2);
    await more.click();
    // FullCalendar's own popover names the day without a leading zero ("December 2, 2026"): on the 1st to the 9th of a
    // month that is not the platform's longDate ("December 02, 2026").
    const popoverName = new Date(`${s.today}T00:00:00`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    const dayPopover = await visible(page.getByRole('dialog', { name: popoverName }));
    expect(await dayPopover.locator('[role="button"]').filter({ hasText: /Saturday Morning Class|Live open forum/ }).count()).toBe(3);
    await page.keyboard.press('Escape');
    await dayPopover.waitFor({ state: 'hidden' });

    await viewTab(page, 'Day').click();
    expect(await viewTab(page, 'Day').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.my-classes [role="columnheader"]').count()).toBe(1);
    await visible(event(page, 'Live open forum'));
    // The next day brings the next day's session, from a new request.
    await page.getByRole('button', { name: 'Next Day' }).click();
    await visible(event(page, 'Saturday Morning Class').filter({ hasText: '10:00 – 11:00' }));
    expect(await event(page, 'Live open forum').count()).toBe(0);
    await context.close();
  });

  it("opens an event's details in a popover, by mouse or keyboard, and Escape closes it", async () => {
    const s = await studentWithClasses();
    const { page, context } = await openClasses(s.school.domain, s.student.token);

    const morning = event(page, 'Saturday Morning Class').filter({ hasText: '9:00 – 12:00' });
    await morning.click();
    const popover = await visible(page.getByRole('dialog', { name: 'Saturday Morning Class' }));
    const text = await popover.innerText();
    for (const expected of ['ONLINE', 'Remedial Law Review', 'Atty. Teresita Cruz', '3.5', `${longDate(s.today)}, ${clockTime('09:00')} – ${clockTime('12:00')}`]) {
      expect(text).toContain(expected);
    }
    expect(await popover.getByRole('link', { name: 'Go to Class' }).getAttribute('href')).toBe(`/course/${s.course.slug}`);
    // Focus moves into the popover; Escape closes it and gives focus back to the event.
    expect(await popover.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    expect(await morning.evaluate((el) => el === document.activeElement)).toBe(true);

    // From the keyboard: the live class opens with Enter; its link goes to the player at its courseware.
    await event(page, 'Live open forum').focus();
    await page.keyboard.press('Enter');
    const live = await visible(page.getByRole('dialog', { name: 'Live open forum' }));
    expect(await live.innerText()).toContain('Justice Lecturer');
    expect(await live.innerText()).toContain(`${clockTime('13:00')} – ${clockTime('14:30')}`);
    expect(await live.innerText()).toContain('LIVE CLASS');
    expect(await live.getByRole('link', { name: 'Go to Class' }).getAttribute('href')).toBe(`/course/${s.course.slug}/module/${s.live.courseware.id}`);
    await page.keyboard.press('Tab');
    expect(await live.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await live.getByRole('button', { name: 'Close' }).click();
    await live.waitFor({ state: 'hidden' });

    // A click elsewhere closes it too; the class link opens the course page.
    await morning.click();
    await visible(page.getByRole('dialog', { name: 'Saturday Morning Class' }));
    await page.getByRole('heading', { name: 'My Classes', level: 2 }).click();
    await page.getByRole('dialog', { name: 'Saturday Morning Class' }).waitFor({ state: 'hidden' });
    await morning.click();
    await page.getByRole('dialog', { name: 'Saturday Morning Class' }).getByRole('link', { name: 'Go to Class' }).click();
    await page.waitForURL(`**/course/${s.course.slug}`);
    await visible(page.getByRole('heading', { name: 'Remedial Law Review', level: 1 }));
    await context.close();
  });

  it('reads well in dark mode, and lists the seven days from today on a 360 px phone', async () => {
    const s = await studentWithClasses();
    const dark = await openClasses(s.school.domain, s.student.token, { theme: 'dark' });
    await event(dark.page, 'Saturday Morning Class').first().click();
    await visible(dark.page.getByRole('dialog', { name: 'Saturday Morning Class' }));
    const results = await new AxeBuilder({ page: dark.page }).include('.my-classes').include('.class-popover').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    await dark.context.close();

    const phone = await openClasses(s.school.domain, s.student.token, { width: 360 });
    // Not the week's grid, which shows three days there: today and the six days after it, as a list.
    expect(phone.range).toEqual({ start: s.today, end: addDays(s.today, 6) });
    expect(await viewTab(phone.page, 'List').getAttribute('aria-selected')).toBe('true');
    expect(await viewTab(phone.page, 'Week').count()).toBe(0);
    for (const [title, time] of [['Saturday Morning Class', '9:00'], ['Live open forum', '1:00'], ['Saturday Morning Class', '3:00'], ['Saturday Morning Class', '10:00']]) {
      const item = await visible(event(phone.page, title!).filter({ hasText: time! }));
      const box = (await item.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await event(phone.page, 'Live open forum').innerText()).toContain('Remedial Law Review');
    // Nothing wider than the screen; the tabs and the toolbar stay in it.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const tab = (await viewTab(phone.page, 'Month').boundingBox())!;
    expect(tab.x + tab.width).toBeLessThanOrEqual(360);
    const title = (await phone.page.locator('.my-classes-title').boundingBox())!;
    expect(title.x + title.width).toBeLessThanOrEqual(360);

    // An event opens its details from the list too; the month still scrolls sideways in its own box.
    await event(phone.page, 'Live open forum').click();
    await visible(phone.page.getByRole('dialog', { name: 'Live open forum' }));
    await phone.page.keyboard.press('Escape');
    await viewTab(phone.page, 'Month').click();
    const grid = phone.page.locator('.my-classes-view');
    await expect.poll(() => grid.evaluate((el) => el.parentElement!.scrollWidth > el.parentElement!.clientWidth)).toBe(true);
    await phone.context.close();
  });

  it('keeps classes at one time readable in the week: the first of them, and "+N" that opens them all', async () => {
    const s = await studentWithClasses();
    const db = app.server.database.db;
    for (const name of ['Ethics clinic', 'Tax clinic']) await createLiveClass(db, s.course, { date: s.today, startTime: '13:00', endTime: '14:30', name });
    const { page, context } = await openClasses(s.school.domain, s.student.token);
    const atOne = /Live open forum|Ethics clinic|Tax clinic/;
    const shown = page.locator('.my-classes [role="button"]').filter({ hasText: atOne });
    await visible(shown);
    expect(await shown.count()).toBe(1);
    // Most of the day's column, not a third of it.
    const column = (await page.locator(`.my-classes [role="columnheader"][data-date="${s.today}"]`).boundingBox())!;
    expect((await shown.boundingBox())!.width).toBeGreaterThan(column.width / 2);
    const more = await visible(page.locator('.my-classes').getByRole('button', { name: '+2' }));
    expect(await more.getAttribute('title')).toBe('Show 2 more events');
    const first = (await shown.innerText()).match(atOne)![0];
    await more.click();
    // The popover holds the other two.
    const popover = await visible(page.getByRole('dialog'));
    const others = (await popover.locator('[role="button"]').filter({ hasText: atOne }).allInnerTexts()).map((text) => text.match(atOne)![0]);
    expect([first, ...others].sort()).toEqual(['Ethics clinic', 'Live open forum', 'Tax clinic']);
    await context.close();
  });

  it('shows an empty calendar with a note when there is nothing in the period', async () => {
    const db = app.server.database.db;
    const school = await createSchool(db, { timeZone: ZONE });
    const student = await createStudent(db, { school });
    const { page, context } = await openClasses(school.domain, student.token);
    await visible(page.locator('.my-classes').getByText('No classes in this period.'));
    expect(await page.locator('.my-classes [role="columnheader"]').count()).toBe(7);
    await context.close();
    // On a phone the empty list says it in its own box, once.
    const phone = await openClasses(school.domain, student.token, { width: 360 });
    await visible(phone.page.locator('.my-classes').getByText('No classes in this period.'));
    expect(await phone.page.locator('.my-classes').getByText('No classes in this period.').count()).toBe(1);
    await phone.context.close();
  });
});
