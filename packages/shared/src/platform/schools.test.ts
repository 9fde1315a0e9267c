import { describe, expect, it } from 'vitest';
import { isHostName, newSchoolHostSchema, platformMessages as m, schoolDomainProblem } from './schools';

describe("a school's domain", () => {
  it.each(['ab', 'acme', 'juris-academy', 'a1', 'x'.repeat(63)])('takes %s', (domain) => expect(schoolDomainProblem(domain)).toBeNull());
  it.each(['a', '-acme', 'acme-', 'acme_ph', 'acme.ph', 'Acme', 'x'.repeat(64), ''])('refuses %s', (domain) => expect(schoolDomainProblem(domain)).toBe(m.domain));
  it.each(['www', 'admin', 'api', 'localhost'])('keeps %s for the platform', (domain) => expect(schoolDomainProblem(domain)).toBe(m.domainReserved));
});

describe('a host name of its own', () => {
  it.each(['learn.acme.ph', 'a.b.co', 'learn-1.acme.com.ph'])('takes %s', (host) => expect(isHostName(host)).toBe(true));
  it.each(['acme', 'localhost', '10.0.0.1', 'learn..acme.ph', 'le_arn.acme.ph', 'learn.acme.p', 'learn.acme.ph:3000', 'https://learn.acme.ph', `${'x'.repeat(250)}.ph`])('refuses %s', (host) =>
    expect(isHostName(host)).toBe(false),
  );
  it('reads a typed host name in lower case, without its trailing dot', () => {
    expect(newSchoolHostSchema.parse({ host: ' Learn.Acme.PH. ' })).toEqual({ host: 'learn.acme.ph', is_primary: false });
  });
});
