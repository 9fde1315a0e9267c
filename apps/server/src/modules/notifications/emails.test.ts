import { describe, expect, it } from 'vitest';
import type { SchoolRow } from '../tenancy/repository';
import { idNotVerifiedEmail, paymentReceivedEmail } from './emails';

const school = { name: 'Juris & Co', primaryColor: '#1d4ed8' } as SchoolRow;
const links = {
  link: 'http://demo.localhost:3000/course/evidence-1',
  unsubscribe: 'http://demo.localhost:3000/unsubscribe?token=1.payment.x&y',
  oneClick: 'http://demo.localhost:3000/api/v1/notifications/unsubscribe/one-click/?token=1.payment.x',
};

describe('notification e-mails', () => {
  it('carry the page that turns their kind off in the body, and the one-click address as List-Unsubscribe', () => {
    const mail = paymentReceivedEmail(school, { ...links, item: 'Evidence <Refresher>', amount: 'P1,135.00' });
    expect(mail.subject).toBe('Payment received: Evidence <Refresher>');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.html).toContain('href="http://demo.localhost:3000/unsubscribe?token=1.payment.x&amp;y"');
    expect(mail.html).toContain('Evidence &lt;Refresher&gt;');
    expect(mail.html).not.toContain('<Refresher>');
    expect(mail.text).toContain(`Unsubscribe from these emails: ${links.unsubscribe}`);
    expect(mail.text).toContain('payments received or failed');
  });

  it("say why an ID was not verified when staff gave a reason", () => {
    expect(idNotVerifiedEmail(school, { ...links, reason: 'The ID has expired.' }).text).toContain('The reason given: The ID has expired.');
    expect(idNotVerifiedEmail(school, { ...links, reason: null }).text).toContain('The automatic check could not verify your ID.');
  });
});
