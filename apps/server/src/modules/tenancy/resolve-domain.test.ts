import { describe, expect, it } from 'vitest';
import { schoolDomainForHost, schoolUrl } from './resolve-domain';

const aliases = new Map([['localhost', 'demo'], ['127.0.0.1', 'demo'], ['learn.example.com', 'acme']]);

describe('schoolDomainForHost', () => {
  it.each([
    ['demo.localhost:3000', 'demo'],
    ['ACME.example.com', 'acme'],
    ['localhost:3000', 'demo'],
    ['127.0.0.1:8080', 'demo'],
    ['learn.example.com', 'acme'],
    ['acme.localhost.', 'acme'],
    ['[::1]:3000', '::1'],
  ])('%s -> %s', (host, school) => expect(schoolDomainForHost(host, aliases)).toBe(school));
});

describe('schoolUrl', () => {
  it("builds a link on the school's own host", () => {
    expect(schoolUrl('http://{domain}.localhost:3000/', 'acme', '/reset_password/x')).toBe('http://acme.localhost:3000/reset_password/x');
  });
});
