import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { areasOf } from '@school/shared/certificates/mcle';
import type { CertificateRow } from './repository';
import type { IssuerKey } from './issuer-key';

/** The did:web identifier of a site: its host, with the port's colon escaped (did:web spec). */
export const didWebOf = (siteUrl: string) => `did:web:${new URL(siteUrl).host.replace(':', '%3A')}`;

/** The DID document a site serves at /.well-known/did.json: the platform's key, which signs for its schools. */
export function didDocument(did: string, key: IssuerKey) {
  const id = `${did}#${key.publicJwk.kid}`;
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id: did,
    verificationMethod: [{ id, type: 'JsonWebKey', controller: did, publicKeyJwk: key.publicJwk }],
    assertionMethod: [id],
  };
}

/** The learner's address as Open Badges hashes it: sha256 of the address and the salt, never the address itself. */
export const identityHash = (email: string, salt: string) => `sha256$${createHash('sha256').update(email.trim().toLowerCase() + salt).digest('hex')}`;

interface CredentialFacts {
  row: CertificateRow;
  email: string;
  /** The certificate's public page, also the credential's id. */
  pageUrl: string;
  /** The school's site, whose did:web is the issuer. */
  siteUrl: string;
}

/**
 * A certificate as an Open Badges 3.0 OpenBadgeCredential (W3C Verifiable Credentials 2.0): the course as the
 * achievement, the MCLE units by subject area, approval and accreditation numbers, dates, and the learner as a
 * hashed e-mail address (salted with the certificate's code).
 */
export function openBadgeCredential({ row, email, pageUrl, siteUrl }: CredentialFacts) {
  const { facts } = row;
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: pageUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: didWebOf(siteUrl), type: ['Profile'], name: facts.school, url: siteUrl },
    validFrom: row.issuedAt.toISOString(),
    name: facts.course,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, identityHash: identityHash(email, row.code), salt: row.code }],
      activityEndDate: `${facts.completedOn}T00:00:00Z`,
      creditsEarned: facts.units,
      achievement: {
        id: `${pageUrl}#achievement`,
        type: ['Achievement'],
        achievementType: 'Course',
        name: facts.course,
        description: `${facts.course}, completed at ${facts.school}.`,
        criteria: { narrative: 'Completed every lesson and exam of the course, and signed the MCLE certification statement.' },
        creditsAvailable: facts.units,
      },
      mcle: {
        units: facts.units,
        areas: areasOf(facts.areas).map(({ key, label, units }) => ({ key, label, units })),
        approvalNumber: facts.approvalNumber,
        accreditationNumber: facts.accreditation,
      },
    },
  };
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/**
 * Secures a credential as a JWT (VC-JOSE-COSE: `vc+jwt`, EdDSA): the payload is the credential itself; `kid` is the
 * key's thumbprint, the id of the key in the JWKS and the fragment of its method in the issuer's DID document. Answered inside the Data Model 2.0 envelope, so that the file is JSON-LD a wallet reads.
 */
export async function envelopedCredential(credential: OpenBadgeCredential, key: IssuerKey) {
  const jwt = await new SignJWT(credential as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: key.publicJwk.kid })
    .sign(key.privateKey);
  return { '@context': 'https://www.w3.org/ns/credentials/v2', id: `data:application/vc+jwt,${jwt}`, type: 'EnvelopedVerifiableCredential' };
}
