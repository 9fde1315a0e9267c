import { describe, expect, it } from 'vitest';
import { firstLabel, hostName, schoolUrl } from './resolve-domain';

describe('hostName', () => {
  it.each([
    ['demo.localhost:3000', 'demo.localhost'],
    ['ACME.example.com', 'acme.example.com'],
    ['localhost:3000', 'localhost'],
    ['acme.localhost.', 'acme.localhost'],
    ['[::1]:3000', '::1'],
  ])('%s -> %s', (host, name) => expect(hostName(host)).toBe(name));

  it('takes the first label for a school domain', () => {
    expect(firstLabel('acme.example.com')).toBe('acme');
    expect(firstLabel('acme')).toBe('acme');
  });
});

describe('schoolUrl', () => {
  it("builds a link on the school's own host", () => {
    expect(schoolUrl('http://{domain}.localhost:3000/', { domain: 'acme', primaryHost: null }, '/reset_password/x')).toBe('http://acme.localhost:3000/reset_password/x');
  });

  it('uses the primary host name with the template scheme and port', () => {
    expect(schoolUrl('http://{domain}.localhost:3000', { domain: 'acme', primaryHost: 'learn.acme.ph' }, '/courses')).toBe('http://learn.acme.ph:3000/courses');
    expect(schoolUrl('https://{domain}.school.ph', { domain: 'acme', primaryHost: 'learn.acme.ph' }, '/courses')).toBe('https://learn.acme.ph/courses');
  });
});
