import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@school/shared/auth/messages';
import { platformMessages as m } from '@school/shared/platform/schools';
import { staffCertificateMessages } from '@school/shared/staff/certificates';
import { teamMessages } from '@school/shared/staff/team';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data';
import { lastMail, linkIn, unique } from '../apps/server/test/support/factories';
import { client } from '../apps/server/test/support/http';
import { startApp, type E2eApp } from './support/app';
import { seriousViolations } from './support/axe';
import { signedInAt } from './support/demo-study';
import { dialog, fieldError, toast, visible } from './support/ui';

const DOMAIN = 'Domain (its address: domain.your-platform)';

let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const login = async (username: string) => (await client(app.server.url).post('/api/v1/api-token-auth/', { username, password: DEMO_PASSWORD }, { host: 'localhost' })).body as { token: string };
/** The platform's own host (localhost in the demo). */
const platformOrigin = () => app.origin().replace('//demo.localhost', '//localhost');

describe("the platform's console", () => {
  it('creates a school whose administrator accepts the e-mailed invitation and brands it; gives it a host name; deactivates it', { timeout: 150_000 }, async () => {
    // The console's own login, on the platform's host.
    const { page } = await app.newPage();
    await page.goto(`${platformOrigin()}/admin`);
    const signIn = page.getByRole('form', { name: 'Log in to the platform console' });
    await signIn.getByLabel('Username or Email').fill('platform-admin');
    await signIn.getByLabel('Password', { exact: true }).fill('wrong password');
    await signIn.getByRole('button', { name: 'Log in' }).click();
    await visible(signIn.getByText(serverMessages.badCredentials));
    await signIn.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signIn.getByRole('button', { name: 'Log in' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Schools' }));
    await visible(page.getByRole('row').filter({ hasText: 'Juris Academy' }));
    expect(await seriousViolations(page)).toEqual([]);

    const domain = unique('visayas').toLowerCase();
    const email = `${unique('head')}@example.com`;
    await page.getByRole('button', { name: 'New school' }).click();
    const create = await dialog(page, 'New school');
    await create.getByRole('button', { name: 'Create the school' }).click();
    await visible(create.getByText(m.name));
    await create.getByLabel('Name').fill('Visayas Law Institute');
    await create.getByLabel(DOMAIN).fill('www');
    await create.getByLabel("First administrator's e-mail").fill(email);
    await create.getByLabel('MCLE compliance').check();
    await create.getByRole('button', { name: 'Create the school' }).click();
    expect(await fieldError(create, DOMAIN)).toBe(m.domainReserved);
    await create.getByLabel(DOMAIN).fill(domain);
    await create.getByRole('button', { name: 'Create the school' }).click();
    await toast(page, m.created('Visayas Law Institute', email));
    await visible(page.getByRole('heading', { level: 1, name: 'Visayas Law Institute' }));
    expect(await page.getByLabel('MCLE compliance').isChecked()).toBe(true);
    expect(await page.getByLabel('ID verification').isChecked()).toBe(false);
    await visible(page.getByText('No host names of its own: the school answers on its platform address only.'));

    // The first administrator accepts from the e-mail, on the new school's own site, and brands it.
    const mail = await lastMail(app.server.url, email, { subject: 'Join Visayas Law Institute' });
    const { page: head } = await app.newPage();
    await head.goto(`${app.origin(domain)}${linkIn(mail.text).pathname}`);
    await visible(head.getByRole('heading', { level: 1, name: 'Join Visayas Law Institute' }));
    const form = head.getByRole('form', { name: 'Make your staff account' });
    await form.getByLabel('First Name').fill('Teresa');
    await form.getByLabel('Last Name').fill('Magbanua');
    await form.getByLabel('Username').fill(unique('tmagbanua'));
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Accept and sign up' }).click();
    await visible(head.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await head.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'School' }).click();
    await head.getByLabel('Colour (hex, such as #1d4ed8)').fill('#0f766e');
    // Its FAQ page, written here and saved with the colour.
    await head.getByRole('tab', { name: 'FAQ' }).click();
    await head.getByRole('button', { name: 'Add a question' }).click();
    await head.getByLabel('Question 1', { exact: true }).fill('Are the courses MCLE-accredited?');
    await head.getByRole('textbox', { name: 'Answer 1' }).fill('Yes, each course page lists its units.');
    await head.getByRole('button', { name: 'Save' }).click();
    await toast(head, 'The school’s settings are saved.');

    // Its team: an instructor invited; the only administrator cannot leave.
    const side = head.getByRole('navigation', { name: 'Staff console' });
    await side.getByRole('link', { name: 'Team' }).click();
    await head.getByRole('row').filter({ hasText: '(you)' }).getByRole('button', { name: /^Remove / }).click();
    await toast(head, teamMessages.lastAdministrator);
    const instructor = `${unique('teacher')}@example.com`;
    await head.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = await dialog(head, 'Invite to the team');
    await invite.getByLabel('Email Address').fill(instructor);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(head, teamMessages.invited(instructor));
    expect((await lastMail(app.server.url, instructor, { subject: 'Join Visayas Law Institute' })).text).toContain(`${app.origin(domain)}/`);

    // Who signs its certificates.
    await side.getByRole('link', { name: 'Certificates' }).click();
    const signing = head.getByRole('form', { name: 'What new certificates print' });
    await signing.getByRole('button', { name: 'Add a signatory' }).click();
    await signing.getByLabel('Name of signatory 1').fill('Atty. Teresa Magbanua');
    await signing.getByLabel('Title of signatory 1').fill('President');
    await signing.getByRole('button', { name: 'Save' }).click();
    await toast(head, staffCertificateMessages.saved);

    await head.goto(`${app.origin(domain)}/faqs`);
    await visible(head.getByText('Are the courses MCLE-accredited?'));
    await head.goto(`${app.origin(domain)}/`);
    await visible(head.getByRole('heading', { level: 1, name: 'Visayas Law Institute' }));
    expect(await head.locator('.hero').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(15, 118, 110)');

    // A host name of its own: a bad one and the platform's own are refused, a good one answers for the school.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Visayas Law Institute' }));
    const hosts = page.getByRole('form', { name: 'Add a host name' });
    await hosts.getByLabel('Host name').fill('https://learn.visayas.ph/');
    await hosts.getByRole('button', { name: 'Add the host name' }).click();
    expect(await fieldError(hosts, 'Host name')).toBe(m.host);
    await hosts.getByLabel('Host name').fill('demo.localhost');
    await hosts.getByRole('button', { name: 'Add the host name' }).click();
    expect(await fieldError(hosts, 'Host name')).toBe(m.hostPlatform);
    await hosts.getByLabel('Host name').fill(`learn.${domain}.ph`);
    await hosts.getByLabel('Primary: e-mails link here').check();
    await hosts.getByRole('button', { name: 'Add the host name' }).click();
    await toast(page, `The school now answers on learn.${domain}.ph.`);
    await visible(page.getByRole('listitem').filter({ hasText: `learn.${domain}.ph` }).getByText('Primary: e-mails link here'));
    const answered = await client(app.server.url).get(`/api/v1/school/learn.${domain}.ph/`);
    expect(answered.body.name).toBe('Visayas Law Institute');
    expect(await seriousViolations(page)).toEqual([]);

    // Deactivated: its site says so, to anybody; the list shows it.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = await dialog(page, 'Deactivate Visayas Law Institute?');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, m.deactivated('Visayas Law Institute'));
    await head.goto(`${app.origin(domain)}/`);
    await visible(head.getByRole('heading', { level: 1, name: serverMessages.schoolUnavailable }));
    await page.getByRole('link', { name: 'All schools' }).click();
    await visible(page.getByRole('row').filter({ hasText: 'Visayas Law Institute' }).getByText('Deactivated'));
  });

  it("tells a school's administrator that the platform console is not theirs, and its administrator that a school's host is not its place", { timeout: 60_000 }, async () => {
    const admin = await login('demo-admin');
    const { page } = await signedInAt(app, admin.token, '/admin');
    await visible(page.getByText("The platform console is for the platform's administrators."));
    const su = await login('platform-admin');
    const { page: elsewhere } = await signedInAt(app, su.token, '/admin');
    await visible(elsewhere.getByText("The platform console answers on the platform's own address only."));
  });
});
