import { describe, expect, it } from 'vitest';
import { linkedInAddUrl } from './linkedin';

describe('linkedInAddUrl', () => {
  const certificate = {
    course_name: 'Court-Annexed Mediation & Ethics',
    school: 'Juris Academy',
    timestamp: '2026-11-30T17:30:00Z',
    time_zone: 'Asia/Manila',
    address: 'http://demo.localhost:3000/certificates/ABCD-EFGH-JKLM-NPQR',
    code: 'ABCD-EFGH-JKLM-NPQR',
  };

  it("fills LinkedIn's certification form with the certificate's fields", () => {
    const url = new URL(linkedInAddUrl(certificate));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Court-Annexed Mediation & Ethics',
      organizationName: 'Juris Academy',
      issueYear: '2026',
      // 17:30 UTC on 30 November is 01:30 on 1 December in Manila.
      issueMonth: '12',
      certUrl: certificate.address,
      certId: certificate.code,
    });
  });

  it('takes the year from the school\'s clock too', () => {
    const url = new URL(linkedInAddUrl({ ...certificate, timestamp: '2026-12-31T16:00:00Z' }));
    expect(url.searchParams.get('issueYear')).toBe('2027');
    expect(url.searchParams.get('issueMonth')).toBe('1');
    expect(new URL(linkedInAddUrl({ ...certificate, timestamp: '2026-12-31T16:00:00Z', time_zone: 'UTC' })).searchParams.get('issueMonth')).toBe('12');
  });
});
