import { useQuery } from '@tanstack/react-query';
import { credentialMessages } from '@school/shared/certificates/rules';
import type { PublicCertificate } from '@school/shared/certificates/schemas';

const ENVELOPE = 'data:application/vc+jwt,';

/**
 * Checks the certificate's Open Badges credential here, in the browser, as any verifier would: the signed JWT of
 * /certificates/{code}.json against the platform's key at /.well-known/jwks.json, and its course and units
 * against what this page shows. jose is loaded for this page only.
 */
async function verify(c: PublicCertificate) {
  const [{ createLocalJWKSet, jwtVerify }, envelope, jwks] = await Promise.all([
    import('jose'),
    fetch(`/certificates/${c.code}.json`).then((r) => (r.ok ? (r.json() as Promise<{ id?: string }>) : null)),
    fetch('/.well-known/jwks.json').then((r) => r.json()),
  ]);
  if (!envelope?.id?.startsWith(ENVELOPE)) return false;
  const { payload } = await jwtVerify(envelope.id.slice(ENVELOPE.length), createLocalJWKSet(jwks), { typ: 'vc+jwt', algorithms: ['EdDSA'] });
  const subject = payload.credentialSubject as { mcle?: { units?: number } } | undefined;
  return payload.name === c.course && subject?.mcle?.units === c.units && (payload.issuer as { name?: string } | undefined)?.name === c.school;
}

export function CredentialCheck({ certificate }: { certificate: PublicCertificate }) {
  const check = useQuery({ queryKey: ['certificate', certificate.code, 'credential'], queryFn: () => verify(certificate).catch(() => false), staleTime: Infinity, retry: false });
  const text = check.isPending ? credentialMessages.checking : check.data ? credentialMessages.verified(certificate.school, certificate.platform) : credentialMessages.failed;
  return (
    <p className={`certificate-credential ${check.data === false ? 'is-failed' : ''}`} role="status">
      {text}
    </p>
  );
}
