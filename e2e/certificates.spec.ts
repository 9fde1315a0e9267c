import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATION_STATEMENT, certificateMessages as msg, credentialMessages } from '@school/shared/certificates/rules';
import type { MyCertificate, PublicCertificate } from '@school/shared/certificates/schemas';
import { longDate, todayIn } from '@school/shared/school/dates';
import { staffCertificateMessages } from '@school/shared/staff/certificates';
import { certificates, schools as schoolsTable, users } from '../apps/server/src/db/schema/index';
import { certificateService } from '../apps/server/src/modules/certificates/service';
import { createCourse, createEnrolment, createOutline, createSchool, createStaff, createStudent, eligibleStudent, registerStudent } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { demoBrowser, nearlyFinish, signedInAt } from './support/demo-study';
import { dialog, toast, visible } from './support/ui';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const db = () => app.server.database.db;
const demo = { host: 'demo.localhost' };

const browser = (viewport?: { width: number; height: number }) => demoBrowser(app, viewport);
const signedIn = (token: string, path: string) => signedInAt(app, token, path);

/** A fresh student of the demo school (MCLE on) with a free course done but `lastName`, which the browser does. */
async function nearlyFinished(courseName = 'Court-Annexed Mediation', lastName = 'Reading: leading cases') {
  const who = await eligibleStudent(app.server.url, demo);
  const as = { token: who.token, ...demo };
  const period = (await client(app.server.url).get('/api/v1/compliance_periods/')).body.data.find((p: { is_current: boolean }) => p.is_current).id as number;
  const { school, course, last } = await nearlyFinish(app, as, courseName, lastName, period);
  return { who, as, school, course, reading: last };
}

/** Draws a stroke across the signature pad with the mouse. */
async function drawSignature(page: Page) {
  const box = (await page.locator('canvas.signature-pad').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + 30 + step * 20, y + (step % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

/** The public page's fact under a label. */
const fact = (page: Page, label: string) => page.locator('.certificate-facts > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** A file behind an address the page was given (the local storage's signed addresses are relative to the server). */
async function fetched(address: string) {
  const res = await fetch(new URL(address, app.server.url));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function opensInNewTab(context: BrowserContext, click: () => Promise<void>) {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

describe('certificates', () => {
  // A long flow (a course nearly finished through the API, then the statement, the list, the PDF and the public
  // page): about 20 s alone, up to three times that while the other browser tests share the two cores.
  it('signs the certification statement at the end of a course, lists the certificate and verifies it publicly', { timeout: 120_000 }, async () => {
    const s = await nearlyFinished();
    const { page, context } = await signedIn(s.who.token, `/course/${s.course.slug}/module/${s.reading.id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Reading: leading cases' }));
    await page.getByLabel('Mark as Complete').click();
    const congratulations = await dialog(page, 'Congratulations!');
    await visible(congratulations.getByText('You have completed Court-Annexed Mediation.'));
    await congratulations.getByRole('button', { name: 'View Certificates' }).click();

    // At an MCLE school the way to the certificate is the signed certification statement, on a page of its own.
    await page.waitForURL(`**/course/${s.course.slug}/certification`);
    await visible(page.getByRole('heading', { level: 1, name: 'Certification Statement' }));
    const form = await visible(page.locator('form.certification-form'));
    await visible(form.getByText(CERTIFICATION_STATEMENT));
    const name = form.getByLabel('Full name');
    expect(await name.inputValue()).toBe('');
    const submit = form.getByRole('button', { name: 'Sign and Get Certificate' });
    await submit.click();
    await visible(form.getByText(msg.nameMismatch));
    await visible(form.getByText(msg.signatureRequired));
    await visible(form.getByText(msg.agreeRequired));
    // The first field in error takes the focus; the keyboard reaches Clear next (drawing needs a pointer).
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear');

    // A drawing cleared is no signature.
    await drawSignature(page);
    await form.getByRole('button', { name: 'Clear' }).click();
    await name.fill('Somebody Else');
    await form.getByLabel('I agree').check();
    await submit.click();
    await visible(form.getByText(msg.signatureRequired));

    // The server's answer goes under its field.
    await drawSignature(page);
    await submit.click();
    await visible(form.getByText(msg.nameMismatch));
    expect(await form.getByText(msg.signatureRequired).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await name.fill('Test Student');
    await submit.click();
    await page.waitForURL('**/student/certificates');

    // The job issues it a moment later; the list watches for it.
    const card = page.locator('.account-panel').getByRole('link', { name: /Court-Annexed Mediation/ });
    await card.waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByText('Your new certificate is being issued. It appears here in a moment.').waitFor({ state: 'hidden' });
    const mine = (await client(app.server.url).get(`/api/v1/students/${s.who.student_id}/certificates/`, s.as)).body.data as MyCertificate[];
    expect(mine).toHaveLength(1);
    const { code, address, timestamp, time_zone } = mine[0]!;
    expect(address).toBe(`${app.origin('demo')}/certificates/${code}`);
    expect(await card.getAttribute('href')).toBe(address);
    expect(await card.getAttribute('target')).toBe('_blank');
    expect(await card.getAttribute('rel')).toContain('noopener');
    await visible(card.getByText(s.school.name));
    await visible(card.getByText(/^Given: \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M$/));
    // The header's count follows once the new certificate is in.
    await visible(page.locator('.account-stats > div').filter({ has: page.locator('dt', { hasText: 'Certificates' }) }).locator('dd', { hasText: /^1$/ }));
    expect(await seriousViolations(page)).toEqual([]);
    // LinkedIn's certification form, filled in from this certificate (followed nowhere: the machine has no internet).
    const linkedIn = page.locator('.account-panel').getByRole('link', { name: 'Add to LinkedIn (opens in a new tab)' });
    expect(await linkedIn.getAttribute('target')).toBe('_blank');
    const linkedInForm = new URL((await linkedIn.getAttribute('href'))!);
    expect(linkedInForm.origin + linkedInForm.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedInForm.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Court-Annexed Mediation',
      organizationName: s.school.name,
      issueYear: todayIn(time_zone, new Date(timestamp)).slice(0, 4),
      issueMonth: String(Number(todayIn(time_zone, new Date(timestamp)).slice(5, 7))),
      certUrl: address,
      certId: code,
    });
    const tab = await opensInNewTab(context, () => card.click());
    expect(tab.url()).toBe(address);
    await visible(tab.getByText(`This certificate is valid and was issued by ${s.school.name}.`));

    // Logged out, in a browser of its own.
    const facts = (await client(app.server.url).get(`/api/v1/certificates/${code}/`)).body as PublicCertificate;
    const { page: visitor } = await browser();
    await visitor.goto(address);
    await visible(visitor.getByText(`This certificate is valid and was issued by ${s.school.name}.`));
    // Its credential's signature is checked in the browser against the platform's published key.
    await visible(visitor.getByRole('status').filter({ hasText: credentialMessages.verified(s.school.name, 'SchoolPlatform') }));
    expect(await fact(visitor, 'Awarded to').innerText()).toBe('Test Student');
    expect(await fact(visitor, 'Course').innerText()).toBe('Court-Annexed Mediation');
    expect(await fact(visitor, 'School').innerText()).toBe(s.school.name);
    expect(await fact(visitor, 'Completed on').innerText()).toBe(longDate(facts.completed_on));
    expect(await fact(visitor, 'MCLE units').innerText()).toContain(`${facts.units} units`);
    for (const area of facts.areas) expect(await fact(visitor, 'MCLE units').innerText()).toContain(area.label);
    expect(await fact(visitor, 'Accreditation number').innerText()).toBe(facts.accreditation);
    expect(await fact(visitor, 'Approval number').innerText()).toBe(facts.approval_number);
    expect(await fact(visitor, 'Certificate code').innerText()).toBe(code);
    // A credential changed on its way (more units than signed) fails the check on the page.
    const { page: doubter } = await browser();
    await doubter.route(`**/certificates/${code}.json`, async (route) => {
      const envelope = (await client(app.server.url).get(`/certificates/${code}.json`)).body as { id: string };
      const [head, body, signature] = String(envelope.id).slice('data:application/vc+jwt,'.length).split('.');
      const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
      claims.credentialSubject.mcle.units += 10;
      await route.fulfill({ json: { ...envelope, id: `data:application/vc+jwt,${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}` } });
    });
    await doubter.goto(address);
    await visible(doubter.getByRole('status').filter({ hasText: credentialMessages.failed }));
    const image = visitor.getByRole('img', { name: 'Certificate of Test Student for completing Court-Annexed Mediation' });
    await visible(image);
    expect(await seriousViolations(visitor)).toEqual([]);

    // The PDF, downloaded as the link offers it.
    const link = visitor.getByRole('link', { name: 'Download PDF' });
    expect(await link.getAttribute('download')).toBe(`certificate-${code}.pdf`);
    const [download] = await Promise.all([visitor.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`certificate-${code}.pdf`);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getTitle()).toBe(`Certificate ${code}`);
    expect((await PDFDocument.load(await fetched((await link.getAttribute('href'))!))).getTitle()).toBe(`Certificate ${code}`);

    // The QR code on the image leads back to this page.
    const { data, info } = await sharp(await fetched((await image.getAttribute('src'))!)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
    expect(qr).toBe(address);
    await visitor.goto(qr!);
    expect(visitor.url()).toBe(address);
    expect(await fact(visitor, 'Certificate code').innerText()).toBe(code);

    // A phone's width in dark mode: nothing runs off the side.
    const { page: phone } = await browser({ width: 360, height: 740 });
    await phone.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await phone.goto(address);
    await visible(phone.getByRole('link', { name: 'Download PDF' }));
    expect(await phone.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);

    // Revoked: said so with the reason, and no files.
    await db().update(certificates).set({ revokedAt: new Date(), revokedReason: 'Issued in error.' }).where(eq(certificates.code, code));
    await visitor.reload();
    await visible(visitor.getByText(msg.revoked));
    await visible(visitor.getByText('Issued in error.', { exact: false }));
    expect(await visitor.getByRole('img', { name: /Certificate of/ }).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: 'Download PDF' }).count()).toBe(0);
  });

  it('answers the evaluation, closes the completion dialog, and finds the statement again on the course page', async () => {
    const s = await nearlyFinished('International Human Rights Law', 'Course evaluation');
    const { page } = await signedIn(s.who.token, `/course/${s.course.slug}/module/${s.reading.id}`);
    await page.getByRole('button', { name: 'Start Survey' }).click();
    const question = page.locator('fieldset.exam-question');
    const next = (label: 'Next Question' | 'Submit') => page.locator('.exam-actions').getByRole('button', { name: label }).click();
    await question.getByLabel('Excellent').check();
    await next('Next Question');
    await question.getByLabel('Very good').check();
    await next('Next Question');
    await question.getByLabel('The readings').check();
    await next('Next Question');
    await question.getByRole('combobox').selectOption('Yes');
    await next('Next Question');
    await question.getByRole('textbox').fill('More cases from the treaty bodies, please.');
    await next('Submit');
    const congratulations = await dialog(page, 'Congratulations!');
    await congratulations.getByRole('button', { name: 'Close' }).first().click();

    // The course page: its MCLE units by area, and 'Get Certificate' while the statement is not signed.
    await page.goto(`${app.origin('demo')}/course/${s.course.slug}`);
    const side = page.getByRole('complementary', { name: 'Course details' });
    await visible(side.getByText('International Law and International Conventions: 3'));
    await side.getByRole('button', { name: 'Get Certificate' }).click();
    await page.waitForURL(`**/course/${s.course.slug}/certification`);
    const form = await visible(page.locator('form.certification-form'));
    await form.getByLabel('Full name').fill('Test Student');
    await drawSignature(page);
    await form.getByLabel('I agree').check();
    await form.getByRole('button', { name: 'Sign and Get Certificate' }).click();
    await page.waitForURL('**/student/certificates');
    await visible(page.locator('.account-panel').getByRole('link', { name: /International Human Rights Law/ }));
    // The evaluation's 'Excellent' is the student's average rating.
    await visible(page.locator('.account-stats > div').filter({ has: page.locator('dt', { hasText: 'Rating' }) }).locator('dd', { hasText: /^5\.00$/ }));

    // Signed and issued: the course page links to the certificate, and the statement's page says it is done.
    await page.goto(`${app.origin('demo')}/course/${s.course.slug}`);
    const view = await visible(side.getByRole('link', { name: 'View Certificate' }));
    expect(await view.getAttribute('href')).toMatch(/^\/certificates\/[A-Z2-9-]{19}$/);
    expect(await side.getByRole('button', { name: 'Get Certificate' }).count()).toBe(0);
    await page.goto(`${app.origin('demo')}/course/${s.course.slug}/certification`);
    await visible(page.getByText('Your certificate has been issued.'));
    expect(await page.locator('form.certification-form').count()).toBe(0);
  });

  it('says so for a code that names no certificate', async () => {
    const { page } = await browser();
    for (const code of ['AAAA-BBBB-CCCC-DDDD', 'not-a-code']) {
      await page.goto(`${app.origin('demo')}/certificates/${code}`);
      await visible(page.getByText(msg.notFound));
    }
  });

  it("shows 'No data to display' to a student without certificates", async () => {
    const student = await registerStudent(app.server.url, demo);
    const { page } = await signedIn(student.token, '/student/certificates');
    await visible(page.locator('.account-panel').getByText('No data to display'));
    expect(await page.getByRole('searchbox', { name: 'Search my certificates' }).count()).toBe(1);
  });

  it("lets the school's administrator revoke a certificate, whose public page then says so, reissue one after a name's correction, and set the signatories", { timeout: 120_000 }, async () => {
    const school = await createSchool(db(), { name: 'Lex Review Center', certificateSignatories: [{ name: 'Atty. Ana Cruz', title: 'Dean' }] });
    const admin = await createStaff(db(), { school });
    const issue = async (name: string, firstName: string) => {
      const course = await createCourse(db(), { school, name });
      const [lesson] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }]);
      const student = await createStudent(db(), { school });
      await db().update(users).set({ firstName, lastName: 'Reyes' }).where(eq(users.id, student.user.id));
      const enrolment = await createEnrolment(db(), { student, course, status: 'free' });
      const as = { token: student.token, host: school.host };
      await client(app.server.url).get(`/api/v1/coursewares/${lesson!.id}/`, as);
      await client(app.server.url).post(`/api/v1/coursewares/${lesson!.id}/complete/`, {}, as);
      return { row: (await certificateService(app.server.app).issue(enrolment.id))!, student };
    };
    const ethics = await issue('Legal Ethics Refresher', 'Jose');
    const tax = await issue('Taxation Update', 'Andres');

    const { page } = await signedInAt(app, admin.token, '/staff', undefined, school.domain);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Certificates' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Certificates' }));
    const table = page.getByRole('table', { name: 'Issued certificates, the latest first' });
    await visible(table.getByRole('row').filter({ hasText: 'Taxation Update' }));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Search by name, e-mail, course or code').fill('ethics');
    await page.getByLabel('Search by name, e-mail, course or code').press('Enter');
    await table.getByRole('row').filter({ hasText: 'Taxation Update' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Revoke the certificate of Jose Reyes for Legal Ethics Refresher' }).click();
    const revoke = await dialog(page, 'Revoke the certificate?');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await visible(revoke.getByText(staffCertificateMessages.reason));
    await revoke.getByLabel('Reason (shown on the public page)').fill('Attendance was not verified.');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'The certificate of Jose Reyes is revoked.');
    await visible(table.getByText('Attendance was not verified.', { exact: false }));

    const { page: visitor } = await browser();
    await visitor.goto(`${app.origin(school.domain)}/certificates/${ethics.row.code}`);
    await visible(visitor.getByText(msg.revoked));
    await visible(visitor.getByText('Reason: Attendance was not verified.'));
    await visible(visitor.getByText(/^Revoked on \d{2} \w{3} \d{4}, \d{2}:\d{2} [AP]M\.$/));

    // The other student's name is corrected on their profile: the console offers to draw the certificate again.
    await db().update(users).set({ firstName: 'Andrés' }).where(eq(users.id, tax.student.user.id));
    await page.getByLabel('Search by name, e-mail, course or code').fill('');
    await page.getByLabel('Search by name, e-mail, course or code').press('Enter');
    const taxRow = table.getByRole('row').filter({ hasText: 'Taxation Update' });
    await visible(taxRow.getByText('(now Andrés Reyes)'));
    await taxRow.getByRole('button', { name: 'Reissue the certificate of Andres Reyes as Andrés Reyes' }).click();
    await toast(page, 'The certificate is reissued to Andrés Reyes.');
    await visible(taxRow.getByText('reissued', { exact: false }));
    await visitor.goto(`${app.origin(school.domain)}/certificates/${tax.row.code}`);
    await visible(visitor.getByText('Andrés Reyes', { exact: true }));

    const settings = page.getByRole('form', { name: 'What new certificates print' });
    await settings.getByRole('button', { name: 'Add a signatory' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await visible(settings.getByText(staffCertificateMessages.signatoryName));
    await settings.getByLabel('Name of signatory 2').fill('Dr. Liza Soriano');
    await settings.getByLabel('Title of signatory 2').fill('Academic Head');
    await settings.getByRole('button', { name: 'Move signatory 2 up' }).click();
    await settings.getByLabel('Accreditation number (MCLE provider)').fill('AP-2027-001');
    await settings.getByRole('button', { name: 'Save' }).click();
    await toast(page, staffCertificateMessages.saved);
    const [stored] = await db().select().from(schoolsTable).where(eq(schoolsTable.id, school.id));
    expect(stored).toMatchObject({ accreditationNumber: 'AP-2027-001', certificateSignatories: [{ name: 'Dr. Liza Soriano', title: 'Academic Head' }, { name: 'Atty. Ana Cruz', title: 'Dean' }] });

    // A signature, uploaded and then saved with the form, printed above the first signatory's name.
    await settings.getByRole('button', { name: 'Upload signature of signatory 1' }).click();
    const ink = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 20, g: 30, b: 90, alpha: 1 } } }).png().toBuffer();
    await settings.getByLabel('Choose the image').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: ink });
    await visible(settings.getByText('The new signature is ready: Save prints it on new certificates.'));
    await settings.getByRole('button', { name: 'Save' }).click();
    await toast(page, staffCertificateMessages.saved);
    await visible(settings.getByRole('img', { name: 'Signature of signatory 1' }));
    expect(await settings.getByRole('img', { name: 'Signature of signatory 1' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
    const [signed] = await db().select().from(schoolsTable).where(eq(schoolsTable.id, school.id));
    expect(signed!.certificateSignatories[0]!.signature).toMatch(/^signatures\/[0-9a-f]{32}\.png$/);
    expect(signed!.certificateSignatories[1]!.signature).toBeNull();

    const { page: phone } = await signedInAt(app, admin.token, '/staff/certificates', { width: 360, height: 740 }, school.domain);
    await phone.evaluate(() => localStorage.setItem('theme', 'dark'));
    await phone.reload();
    await visible(phone.getByRole('heading', { level: 1, name: 'Certificates' }));
    await visible(phone.getByText('Taxation Update'));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
