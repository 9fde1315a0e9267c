import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { schoolContext, siteSchoolId } from '../src/modules/tenancy/school-context';
import { serverForFile } from './support/server';

const ctx = serverForFile();

describe('GET /school/{domain}/', () => {
  it('serves the demo school for its domain, its subdomain host and the localhost aliases', async () => {
    for (const domain of ['demo', 'demo.localhost', 'demo.example.com', 'localhost', '127.0.0.1']) {
      const res = await ctx.api.get(`/api/v1/school/${domain}/`);
      expect(res.status, domain).toBe(200);
      expect(res.body).toMatchObject({ domain: 'demo', name: 'Juris Academy', primary_color: '#1d4ed8' });
      expect(res.body.config.products).toMatchObject({ mcle: true, kyc: true, facebook_sso: true });
    }
  });

  it('serves a second school with its own name, colour and flags', async () => {
    const res = await ctx.api.get('/api/v1/school/acme.localhost/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Acme Training Institute', primary_color: '#b91c1c', faq_url: null });
    expect(res.body.config.products).toMatchObject({ mcle: false, google_sso: false });
  });

  it('serves the terms of use beside the privacy policy, both seeded for each demo school', async () => {
    for (const domain of ['demo', 'acme']) {
      const school = (await ctx.api.get(`/api/v1/school/${domain}/`)).body;
      expect(school.terms_of_use, domain).toMatch(/^By signing up you agree|^These terms govern/);
      expect(school.data_privacy, domain).toContain('Data Privacy Act of 2012');
    }
  });

  it('answers 404 for an unknown school and 400 for a malformed host', async () => {
    expect(await ctx.api.get('/api/v1/school/nowhere/')).toMatchObject({ status: 404, body: { detail: 'School not found.' } });
    const bad = await ctx.api.get('/api/v1/school/a%20b/');
    expect(bad.status).toBe(400);
    expect(bad.body.domain).toEqual(['Enter a valid host name.']);
  });
});

describe('GET /schools/{id}/socials', () => {
  it("lists every label with the school's links", async () => {
    const school = (await ctx.api.get('/api/v1/school/acme/')).body;
    const res = await ctx.api.get(`/api/v1/schools/${school.id}/socials`, { host: 'acme.localhost' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      facebook: null,
      twitter: 'https://twitter.com/acmetraining',
      linked_in: null,
      github: 'https://github.com/acme-training',
      pinterest: null,
      instagram: null,
    });
  });

  it("answers 404 through another school's site, like the other /schools/{id}/ calls", async () => {
    const school = (await ctx.api.get('/api/v1/school/acme/')).body;
    expect((await ctx.api.get(`/api/v1/schools/${school.id}/socials`)).status).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await ctx.api.get('/api/v1/schools/999999/socials')).status).toBe(404);
    expect((await ctx.api.get('/api/v1/schools/abc/socials')).status).toBe(400);
  });
});

describe('school-scoped calls on an unknown host', () => {
  it('refuse with 404', async () => {
    const res = await ctx.api.post('/api/v1/account/forgot-password/', { email: 'x@example.com' }, { host: 'nowhere.localhost' });
    // With a code: a page asking for its own profile there learns the site is unknown, not the account.
    expect(res).toMatchObject({ status: 404, body: { detail: 'School not found.', code: 'school_not_found' } });
  });
});

describe("a school-less route's request.school", () => {
  /** The school context plugin on its own, over the test server's real school cache, with three routes of a test. */
  async function scope() {
    const app = Fastify();
    app.decorate('config', ctx.server.app.config);
    app.decorate('schools', ctx.server.app.schools);
    await app.register(schoolContext);
    app.get('/schoolless/', { config: { school: false } }, (request) => ({ school: siteSchoolId(request) }));
    app.get('/schoolless/misread/', { config: { school: false } }, (request) => ({ school: request.school.id }));
    app.get('/school/', (request) => ({ school: siteSchoolId(request), same: siteSchoolId(request) === request.school.id }));
    return app;
  }

  it('is null through siteSchoolId, and reading request.school there fails loudly instead of meaning some school', async () => {
    const app = await scope();
    const schoolless = await app.inject({ url: '/schoolless/', headers: { host: 'nowhere.localhost' } });
    expect(schoolless.json()).toEqual({ school: null });
    const misread = await app.inject({ url: '/schoolless/misread/', headers: { host: 'demo.localhost' } });
    expect(misread.statusCode).toBe(500);
    expect(misread.json().message).toBe('/schoolless/misread/ has no school: it is declared with config.school false');
    const demo = await app.inject({ url: '/school/', headers: { host: 'demo.localhost' } });
    expect(demo.json()).toEqual({ school: (await ctx.api.get('/api/v1/school/demo/')).body.id, same: true });
    await app.close();
  });
});
