import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

/** PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface IssuerKey {
  privateKey: KeyObject;
  publicJwk: JWK & { kid: string };
}

const keys = new Map<string, Promise<IssuerKey>>();

/**
 * The platform's Ed25519 key that signs certificates' credentials, derived from SECRET_KEY (HKDF-SHA256): every
 * process has the same key without sharing a file, and a new SECRET_KEY is a new key (credentials issued under the
 * old one then fail to verify; README says so).
 */
export function issuerKey(secret: string): Promise<IssuerKey> {
  let key = keys.get(secret);
  if (!key) {
    key = derive(secret);
    keys.set(secret, key);
  }
  return key;
}

async function derive(secret: string): Promise<IssuerKey> {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'school-platform', 'certificate credentials ed25519', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const jwk = await exportJWK(createPublicKey(privateKey));
  return { privateKey, publicJwk: { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'EdDSA', use: 'sig' } };
}
