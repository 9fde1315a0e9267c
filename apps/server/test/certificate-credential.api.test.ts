import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { certificateMessages as msg } from '@school/shared/certificates/rules';
import { certificates } from '../src/db/schema/index';
import { createCourse, createEnrolment, createOutline, createSchool, createStudent, waitFor } from './support/factories';
import { serverForFile } from './support/server';

const ctx = serverForFile();
const db = () => ctx.server.database.db;

/** A certificate issued to a new student of a one-lesson MCLE-accredited course (no certification statement needed). */
async function issuedCertificate() {
  const school = await createSchool(db(), { name: 'Credential Academy', accreditationNumber: 'AP-2026-017' });
  const course = await createCourse(db(), { school, name: 'Evidence in Practice', units: 3, approvalNumber: 'MCLE-2026-0412', mcleUnits: { legal_ethics: 2, others: 1 } });
  const [lesson] = await createOutline(db(), course, [{ type: 'html', content: '<p>Read</p>' }]);
  const student = await createStudent(db(), { school, email: `Learner.${Date.now()}@Example.com` });
  const enrolment = await createEnrolment(db(), { student, course, status: 'free' });
  const as = { token: student.token, host: school.host };
  await ctx.api.get(`/api/v1/coursewares/${lesson!.id}/`, as);
  expect((await ctx.api.post(`/api/v1/coursewares/${lesson!.id}/complete/`, {}, as)).status).toBe(200);
  const row = await waitFor(async () => (await db().select().from(certificates).where(eq(certificates.enrollmentId, enrolment.id)))[0], 25_000, 'the certificate');
  return { school, student, row, enrolment };
}

/** The signed credential of a certificate, as a verifier fetches it: the JWT inside the Data Model 2.0 envelope. */
async function fetchJwt(code: string) {
  const res = await ctx.api.get(`/certificates/${code}.json`, { host: 'anywhere.example.org' });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ '@context': 'https://www.w3.org/ns/credentials/v2', type: 'EnvelopedVerifiableCredential' });
  const prefix = 'data:application/vc+jwt,';
  expect(res.body.id.startsWith(prefix)).toBe(true);
  return res.body.id.slice(prefix.length) as string;
}

const keySet = async () => createLocalJWKSet((await ctx.api.get('/.well-known/jwks.json')).body);

describe("a certificate's Open Badges 3.0 credential", () => {
  it('verifies with the published key and the jose library alone, and carries the course, units, numbers and a hashed e-mail', async () => {
    const { school, student, row } = await issuedCertificate();
    const jwt = await fetchJwt(row.code);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
    const { payload } = await jwtVerify(jwt, await keySet(), { typ: 'vc+jwt', algorithms: ['EdDSA'] });
    const issuerDid = `did:web:${school.domain}.localhost%3A3000`;
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      id: `http://${school.domain}.localhost:3000/certificates/${row.code}`,
      issuer: { id: issuerDid, name: 'Credential Academy' },
      name: 'Evidence in Practice',
      validFrom: row.issuedAt.toISOString(),
      credentialSubject: {
        creditsEarned: 3,
        achievement: { name: 'Evidence in Practice', creditsAvailable: 3 },
        mcle: { units: 3, approvalNumber: 'MCLE-2026-0412', accreditationNumber: 'AP-2026-017', areas: [{ key: 'legal_ethics', units: 2 }, { key: 'others', units: 1 }] },
      },
    });
    // The learner is a salted hash of the address (case-insensitive), never the address itself.
    const email = student.user.email;
    expect(JSON.stringify(payload).toLowerCase()).not.toContain(email.toLowerCase());
    const [identity] = (payload.credentialSubject as { identifier: { identityHash: string; salt: string }[] }).identifier;
    expect(identity!.identityHash).toBe(`sha256$${createHash('sha256').update(email.toLowerCase() + identity!.salt).digest('hex')}`);

    // The key named in the header is the issuer's did:web document's.
    const did = (await ctx.api.get('/.well-known/did.json', { host: `${school.domain}.localhost:3000` })).body;
    expect(did.id).toBe(issuerDid);
    expect(did.assertionMethod).toEqual([`${issuerDid}#${decodeProtectedHeader(jwt).kid}`]);
    expect(did.verificationMethod[0].publicKeyJwk).toEqual((await ctx.api.get('/.well-known/jwks.json')).body.keys[0]);
  });

  it('fails to verify once tampered with (a changed unit count), and is gone once revoked', async () => {
    const { row } = await issuedCertificate();
    const jwt = await fetchJwt(row.code);
    const [header, body, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    claims.credentialSubject.mcle.units = 36;
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await expect(jwtVerify(tampered, await keySet())).rejects.toThrow(/signature verification failed/);
    await expect(jwtVerify(jwt, await keySet())).resolves.toBeTruthy();

    await db().update(certificates).set({ revokedAt: new Date(), revokedReason: 'Issued in error.' }).where(eq(certificates.id, row.id));
    expect(await ctx.api.get(`/certificates/${row.code}.json`)).toMatchObject({ status: 410, body: { detail: msg.revoked } });
    expect(await ctx.api.get('/certificates/AAAA-BBBB-CCCC-DDDD.json')).toMatchObject({ status: 404, body: { detail: msg.notFound } });
    expect((await ctx.api.get('/certificates/not-a-code.json')).status).toBe(400);
  });
});
