import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { enrolmentMessages, slugFor } from '@school/shared/catalogue/rules';
import type { CompliancePeriod } from '@school/shared/lookups/schemas';
import { longDate, todayIn } from '@school/shared/school/dates';
import { classSchedules, classes as classTable, courses, schools } from '../apps/server/src/db/schema/index';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { createCourse, eligibleStudent, registerStudent, lastMail, linkIn } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { dialog, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function browser() {
  const { page, context } = await app.newPage();
  await context.addInitScript(() => sessionStorage.setItem('announcement-seen:1', '1'));
  return page;
}

/** A course's page address, found through the API by name. */
async function coursePath(name: string) {
  const api = client(app.server.url);
  const school = (await api.get('/api/v1/school/demo/')).body.id;
  const course = (await api.get(`/api/v1/schools/${school}/courses/?search_course=${encodeURIComponent(name)}`)).body.data[0];
  return { path: `/course/${course.slug}`, id: course.id as number, slug: course.slug as string };
}

async function signedIn(token: string, path: string) {
  const page = await browser();
  await page.goto(await app.signInUrl(token, { redirect: path }));
  await page.waitForURL(`**${path}`);
  return page;
}

const showing = (page: Page) => visible(page.getByText(/^Showing \d+ to \d+ of \d+$/));

describe('course list', () => {
  it('pages, searches, sorts and filters, keeping it all in the address', async () => {
    const page = await browser();
    await page.goto(`${app.origin('demo')}/courses`);
    expect(await (await showing(page)).textContent()).toBe('Showing 1 to 6 of 25');
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('button').allInnerTexts()).toEqual(['Prev', '1', '2', '3', '4', '5', 'Next']);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await visible(page.getByText('Showing 7 to 12 of 25', { exact: true }));
    expect(page.url()).toContain('page=2');
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page.getByText('Showing 13 to 18 of 25', { exact: true }));

    await page.getByLabel('Sort by').selectOption('-fee');
    await visible(page.getByText('Showing 1 to 6 of 25', { exact: true }));
    expect(await page.locator('.card-title').first().textContent()).toBe('Trial Advocacy Workshop');

    await page.getByPlaceholder('Search courses').fill('law');
    await page.waitForURL(/q=law/);
    const count = Number((await (await showing(page)).textContent())!.split(' of ')[1]);
    expect(count).toBeGreaterThan(2);
    await page.reload();
    expect(await page.getByPlaceholder('Search courses').inputValue()).toBe('law');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('-fee');

    await page.getByPlaceholder('Search courses').fill('');
    await page.waitForURL((url) => !url.search.includes('q='));
    const chip = page.getByRole('button', { name: 'Alternative Dispute Resolution' });
    await chip.click();
    await visible(page.getByText('Showing 1 to 3 of 3', { exact: true }));
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await chip.click();
    await visible(page.getByText('Showing 1 to 6 of 25', { exact: true }));

    await page.getByPlaceholder('Search courses').fill('no such course zzz');
    await visible(page.getByRole('heading', { name: 'No courses found' }));
    await visible(page.getByText("We can't find what you are looking for, you can try narrowing it down in your search."));
  });

  it("shows the school's logo and the course pictures from the storage, not the fallback picture", async () => {
    const page = await browser();
    await page.goto(`${app.origin('demo')}/courses`);
    // <Image> swaps in the fallback when a picture fails, so a loaded picture that kept its address came from the storage.
    const loaded = async (selector: string) =>
      (await page.waitForFunction((s) => {
        const img = document.querySelector<HTMLImageElement>(s);
        return img?.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;
      }, selector)).jsonValue();
    expect(await loaded('.brand img')).toBe('/media/uploads/seed/demo/logo.svg');
    expect(await loaded('.card-image')).toMatch(/^\/media\/uploads\/seed\/courses\/course-\d\.svg$/);
  });

  it('lists bundles and says when none match', async () => {
    const page = await browser();
    await page.goto(`${app.origin('demo')}/course-bundles`);
    await visible(page.getByText('Showing 1 to 4 of 4', { exact: true }));
    await visible(page.locator('.card').filter({ hasText: 'Free Ethics Starter Bundle' }).getByText('3 courses included · 11 units'));
    await page.getByPlaceholder('Search course bundles').fill('nothing like this');
    await visible(page.getByRole('heading', { name: 'Sorry, no result found' }));
  });

  it('sends an unknown course or bundle back to its list with a toast', async () => {
    const page = await browser();
    await page.goto(`${app.origin('demo')}/course/no-such-course-99999`);
    await toast(page, "Requested course isn't available");
    await page.waitForURL('**/courses');
    await page.goto(`${app.origin('demo')}/course-bundle/nothing-88888`);
    await toast(page, "Requested course bundle isn't available");
    await page.waitForURL('**/course-bundles');
  });
});

describe('enrolment gates, in order', () => {
  it("asks a visitor to log in, lets staff view the course, and tells staff 'Invalid Account' on a bundle", async () => {
    const { path } = await coursePath('Court-Annexed Mediation');
    const page = await browser();
    await page.goto(app.origin('demo') + path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await dialog(page, 'Welcome back!');

    const admin = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'demo-admin', password: DEMO_PASSWORD })).body.token;
    const staff = await signedIn(admin, path);
    const view = await visible(staff.getByRole('button', { name: 'View Course' }));
    expect(await view.isDisabled()).toBe(false);

    const api = client(app.server.url);
    const school = (await api.get('/api/v1/school/demo/')).body.id;
    const bundle = (await api.get(`/api/v1/schools/${school}/bundles/?sort=price`)).body.data[0];
    await staff.goto(`${app.origin('demo')}/course-bundle/${bundle.slug}`);
    await staff.getByRole('button', { name: 'Enroll Now' }).click();
    const invalid = await dialog(staff, 'Invalid Account');
    await visible(invalid.getByText("You can't enroll using this account. Please register as a student by clicking the Sign Up button."));
    await staff.keyboard.press('Escape');
    await invalid.waitFor({ state: 'hidden' });
    expect(await staff.getByRole('button', { name: 'Enroll Now' }).evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it("shows the school's staff its unpublished course to preview, and anybody else the course isn't available", async () => {
    const [draft] = await app.server.database.db.select().from(courses).where(eq(courses.name, 'Notarial Practice Update (draft)'));
    const path = `/course/${draft!.slug}`;
    const admin = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'demo-instructor', password: DEMO_PASSWORD })).body.token;
    const staff = await signedIn(admin, path);
    await visible(staff.getByRole('heading', { name: draft!.name }));
    await visible(staff.getByRole('button', { name: 'View Course' }));

    const student = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'student', password: DEMO_PASSWORD })).body.token;
    const page = await signedIn(student, path);
    await toast(page, "Requested course isn't available");
    await page.waitForURL('**/courses');
  });

  it('stops at the unverified e-mail, then the profile, then the MCLE profile, then KYC', async () => {
    const { path } = await coursePath('Court-Annexed Mediation');
    const unverified = (await client(app.server.url).post('/api/v1/api-token-auth/', { username: 'newstudent', password: DEMO_PASSWORD })).body.token;
    let page = await signedIn(unverified, path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const email = await dialog(page, 'Oops! Your email is not yet verified.');
    await email.getByRole('button', { name: 'Resend Email' }).click();
    await visible(email.getByText('Verification email sent.'));
    // A mistyped address is corrected where it is kept (spec 2 §2).
    await email.getByRole('link', { name: 'Change Email Address' }).click();
    await page.waitForURL('**/student/email');
    await visible(page.getByRole('heading', { level: 2, name: 'Email Settings' }));

    const fresh = await registerStudent(app.server.url, { host: 'demo.localhost' });
    const key = linkIn((await lastMail(app.server.url, fresh.email)).text).searchParams.get('key');
    await client(app.server.url).post('/api/v1/account/verify-email/', { key });
    page = await signedIn(fresh.token, path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const profile = await dialog(page, 'Incomplete Profile');
    await visible(profile.getByText('Please complete your profile before you can start.'));
    await profile.getByRole('button', { name: 'Complete Profile' }).click();
    await page.waitForURL('**/student/profile');

    const noMcle = await eligibleStudent(app.server.url, { mcle: false, host: 'demo.localhost' });
    page = await signedIn(noMcle.token, path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await dialog(page, 'Incomplete MCLE Profile');

    const ready = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const kyc = await coursePath('Judicial Affidavit Rule');
    page = await signedIn(ready.token, kyc.path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const kycModal = await dialog(page, 'KYC Not Submitted');
    await visible(kycModal.getByText('Please comply with the KYC requirements in order to continue.'));
    await kycModal.getByRole('button', { name: 'Proceed with KYC' }).click();
    await page.waitForURL('**/student/authenticate-id');
  });
});

const periods = async () => (await client(app.server.url).get('/api/v1/compliance_periods/')).body.data as CompliancePeriod[];

/** The Statement of Affirmation: the current compliance period comes chosen; Proceed waits for the consent. */
async function affirm(page: Page) {
  const modal = await dialog(page, 'Statement of Affirmation');
  const proceed = modal.getByRole('button', { name: 'Proceed' });
  const current = (await periods()).find((p) => p.is_current)!;
  // The periods load with the statement: the current one is chosen once they are in.
  await expect.poll(() => modal.getByLabel('Compliance Period').inputValue(), { timeout: 10_000 }).toBe(String(current.id));
  expect(await proceed.isDisabled()).toBe(true);
  await modal.getByLabel('I agree to the Statement of Affirmation.').check();
  await proceed.click();
  await modal.waitFor({ state: 'hidden' });
}

/** The text of the elements that describe a control (aria-describedby). */
const description = (control: Locator) =>
  control.evaluate((element) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());

describe('enrolling', () => {
  it('enrols in a free course, then a pay-later one, and lists both in My Courses', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const free = await coursePath('Court-Annexed Mediation');
    const page = await signedIn(student.token, free.path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    const confirm = await dialog(page, 'Enrollment is free!');
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    const done = await dialog(page, 'Enrollment Successful');
    await visible(done.getByText('You are now enrolled.', { exact: false }));
    await done.getByRole('button', { name: 'Okay' }).click();
    await visible(page.getByRole('button', { name: 'Start Learning' }));

    const later = await coursePath('Conflicts of Interest');
    await page.goto(app.origin('demo') + later.path);
    await visible(page.getByRole('button', { name: 'Enroll and Pay now' }));
    await page.getByRole('button', { name: 'Enroll for Free' }).click();
    await affirm(page);
    const payLater = await dialog(page, 'Enroll for Free');
    await visible(payLater.getByText('You will not receive a certificate until the course is paid.', { exact: false }));
    await payLater.getByRole('button', { name: 'Proceed' }).click();
    await (await dialog(page, 'Enrollment Successful')).getByRole('button', { name: 'Okay' }).click();
    await visible(page.getByRole('button', { name: 'Start Learning' }));

    await page.goto(`${app.origin('demo')}/student/courses`);
    const cards = page.locator('.progress-card');
    await visible(cards.first());
    expect(await cards.count()).toBe(2);
    await visible(cards.first().getByText('Juris Academy'));
    await visible(cards.first().getByText('Not Started'));
    const href = await cards.first().getByRole('link', { name: 'View Course' }).getAttribute('href');
    expect(href).toMatch(/^http:\/\/demo\.localhost:\d+\/course\//);
    await page.getByPlaceholder('Search my courses').fill('Mediation');
    await page.waitForFunction(() => document.querySelectorAll('.progress-card').length === 1);
    await page.getByLabel('Status').selectOption('completed');
    await visible(page.getByText('No data to display'));
  });

  it('goes to payment for a paid course, and through Select Class for a class-only course', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const paid = await coursePath('Revised Rules on Evidence');
    const page = await signedIn(student.token, paid.path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    await page.waitForURL(`**/course/payment/${paid.slug}`);
    await visible(page.getByRole('heading', { name: 'Course Payment' }));

    const classOnly = await coursePath('Effective Cross-Examination');
    await page.goto(app.origin('demo') + classOnly.path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    const select = await dialog(page, 'Select Class');
    await visible(select.getByText('P2,000.00', { exact: false }));
    await visible(select.getByText('Free', { exact: false }));
    await select.getByRole('button', { name: 'View Class' }).first().click();
    const schedule = await dialog(page, 'Saturday Morning Class Schedule');
    // One heading per year of the class's dates, which are seeded relative to today and may straddle a new year.
    const [saturday] = await app.server.database.db.select({ id: classTable.id }).from(classTable).where(eq(classTable.name, 'Saturday Morning Class'));
    const dates = await app.server.database.db.select({ date: classSchedules.date }).from(classSchedules).where(eq(classSchedules.classId, saturday!.id));
    const years = [...new Set(dates.map(({ date }) => date.slice(0, 4)))].sort();
    expect(await schedule.getByRole('heading', { level: 3 }).allTextContents()).toEqual(years);
    expect(await schedule.getByRole('listitem').count()).toBe(dates.length);
    await schedule.getByRole('button', { name: 'Close' }).click();
    const again = await dialog(page, 'Select Class');
    await again.getByRole('button', { name: 'Join this class' }).first().click();
    await page.waitForURL(/\/course\/payment\/.+\?class=\d+$/);

    // A free class of the paid course is enrolled in without paying: the class's own fee decides.
    await page.goto(app.origin('demo') + classOnly.path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    const classes = await dialog(page, 'Select Class');
    await classes.getByRole('listitem').filter({ hasText: 'Free' }).getByRole('button', { name: 'Join this class' }).click();
    await (await dialog(page, 'Enrollment is free!')).getByRole('button', { name: 'Proceed' }).click();
    await dialog(page, 'Enrollment Successful');

    const noClasses = await coursePath('Trial Advocacy Workshop');
    await page.goto(app.origin('demo') + noClasses.path);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    const oops = await dialog(page, 'Oops!');
    await visible(oops.getByText('There are no classes available for this course yet.', { exact: false }));
  });

  it('waits for the profile when Enroll Now is clicked before it has loaded', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const course = await coursePath('Contract Drafting Clinic');
    const page = await signedIn(student.token, course.path);
    // A slow profile answer: the button is there well before it.
    await page.route('**/api/v1/account/profile/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.reload();
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    await dialog(page, 'Enrollment is free!');
  });

  it("says 'User is already enrolled.' with REFRESH PAGE when another tab enrolled first", async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const course = await coursePath('Contract Drafting Clinic');
    const page = await signedIn(student.token, course.path);
    await visible(page.getByRole('button', { name: 'Enroll Now' }));
    const period = (await client(app.server.url).get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id;
    await client(app.server.url).post('/api/v1/student/enrollment/', { course: course.id, action: 'free', compliance_period: period }, { token: student.token });
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    await (await dialog(page, 'Enrollment is free!')).getByRole('button', { name: 'Proceed' }).click();
    const error = await dialog(page, 'User is already enrolled.');
    await visible(error.getByText('Unable to process enrollment. Please select a new one or refresh the page.'));
    await error.getByRole('button', { name: 'REFRESH PAGE' }).click();
    await visible(page.getByRole('button', { name: 'Start Learning' }));
  });

  it('enrols in a free bundle', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const api = client(app.server.url);
    const school = (await api.get('/api/v1/school/demo/')).body.id;
    const bundle = (await api.get(`/api/v1/schools/${school}/bundles/?sort=price`)).body.data[0];
    const page = await signedIn(student.token, `/course-bundle/${bundle.slug}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await affirm(page);
    await (await dialog(page, 'Enrollment is free!')).getByRole('button', { name: 'Proceed' }).click();
    await (await dialog(page, 'Enrollment Successful')).getByRole('button', { name: 'Okay' }).click();
    const enrolled = await visible(page.getByRole('button', { name: 'Enrolled' }));
    expect(await enrolled.isDisabled()).toBe(true);
  });

  it('shows the payment result from the address', async () => {
    const course = await coursePath('Revised Rules on Evidence');
    const page = await browser();
    await page.goto(`${app.origin('demo')}${course.path}?status=S`);
    await dialog(page, 'Payment Successful');
    await page.goto(`${app.origin('demo')}${course.path}?status=F`);
    await dialog(page, 'Payment Failed');
  });
});

describe('closed courses, school-run courses and compliance periods', () => {
  it('offers no active Enroll Now on an ended course, and says when a not-yet-open course opens', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const ended = await coursePath('Labor Law Updates 2026');
    const endedConfig = (await client(app.server.url).get(`/api/v1/courses/${ended.id}/`)).body.config;
    const page = await signedIn(student.token, ended.path);
    const enrol = await visible(page.getByRole('button', { name: 'Enroll Now' }));
    expect(await enrol.isDisabled()).toBe(true);
    expect(await description(enrol)).toBe(`Course ended last ${longDate(endedConfig.date_end)}.`);
    await visible(page.getByText(`Course ended last ${longDate(endedConfig.date_end)}.`));

    const later = await coursePath('Data Privacy Act for Practitioners');
    const laterConfig = (await client(app.server.url).get(`/api/v1/courses/${later.id}/`)).body.config;
    await page.goto(app.origin('demo') + later.path);
    const opening = await visible(page.getByRole('button', { name: 'Enroll Now' }));
    expect(await opening.isDisabled()).toBe(false);
    expect(await description(opening)).toBe(`Course will be accessible on ${longDate(laterConfig.date_start)}.`);
    await visible(page.getByText(`Course will be accessible on ${longDate(laterConfig.date_start)}.`));
  });

  it('explains why Enroll Now is off on a course the school enrols', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const schoolRun = await coursePath('Client Trust Accounts');
    const page = await signedIn(student.token, schoolRun.path);
    const enrol = await visible(page.getByRole('button', { name: 'Enroll Now' }));
    expect(await enrol.isDisabled()).toBe(true);
    expect(await description(enrol)).toBe(enrolmentMessages.selfEnrollNotAllowed);
    await visible(page.getByText(enrolmentMessages.selfEnrollNotAllowed));
  });

  it('offers only the current and later compliance periods, the current one chosen, and asks again when they could not be loaded', async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const course = await coursePath('Court-Annexed Mediation');
    const page = await signedIn(student.token, course.path);
    let refused = true;
    await page.route(/\/api\/v1\/compliance_periods\//, (route) => (refused ? route.abort('connectionrefused') : route.continue()));
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const modal = await dialog(page, 'Statement of Affirmation');
    const alert = await visible(modal.getByRole('alert').filter({ hasText: 'The compliance periods could not be loaded.' }));
    refused = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
    const select = modal.getByLabel('Compliance Period');
    const all = await periods();
    const open = all.filter((p) => p.date_end >= todayIn('Asia/Manila')).map((p) => String(p.id));
    expect(open.length).toBeLessThan(all.length);
    await page.waitForFunction(() => document.querySelectorAll('dialog[open] select option').length > 1);
    const offered = await select.locator('option').evaluateAll((options: HTMLOptionElement[]) => options.map((o) => o.value).filter(Boolean));
    expect(offered).toEqual(open);
    expect(await select.inputValue()).toBe(String(all.find((p) => p.is_current)!.id));
  });

  it("shows the server's reason, not the e-mail verification, when the course ended after the page loaded", async () => {
    const student = await eligibleStudent(app.server.url, { host: 'demo.localhost' });
    const db = app.server.database.db;
    const [demo] = await db.select().from(schools).where(eq(schools.domain, 'demo'));
    const course = await createCourse(db, { school: { ...demo!, host: 'demo.localhost' } });
    const page = await signedIn(student.token, `/course/${slugFor(course.name, course.id)}`);
    const enrol = await visible(page.getByRole('button', { name: 'Enroll Now' }));
    // The page's reads end first: a read still in flight would already see the ended course.
    await page.waitForLoadState('networkidle');
    // The course ends while the page is open: the page still offers it, the server refuses it.
    await db.update(courses).set({ dateStart: '2020-01-01', dateEnd: '2020-12-31' }).where(eq(courses.id, course.id));
    await enrol.click();
    await affirm(page);
    await (await dialog(page, 'Enrollment is free!')).getByRole('button', { name: 'Proceed' }).click();
    const ended = await dialog(page, 'Course Ended');
    await visible(ended.getByText(enrolmentMessages.courseEnded));
    expect(await page.getByRole('button', { name: 'RESEND EMAIL' }).count()).toBe(0);
    await ended.getByRole('button', { name: 'Okay' }).click();
    await page.waitForFunction(() => (document.querySelector('.course-actions button') as HTMLButtonElement | null)?.disabled === true);
  });
});
