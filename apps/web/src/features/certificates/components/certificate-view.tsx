import type { ReactNode } from 'react';
import { certificateMessages as msg } from '@school/shared/certificates/rules';
import type { PublicCertificate } from '@school/shared/certificates/schemas';
import { dateTimeIn, exactTime, longDate } from '@school/shared/school/dates';
import { CredentialCheck } from './credential-check';

/** Units as the certificate prints them: 1.5, not 1.50. */
const units = (value: number) => `${value} ${value === 1 ? 'unit' : 'units'}`;

/** The facts the certificate prints, as label and value; a fact the certificate does not carry is left out. */
function facts(c: PublicCertificate): [string, ReactNode][] {
  const rows: [string, ReactNode | null][] = [
    ['Awarded to', c.learner],
    ['Course', c.course],
    ['School', c.school],
    ['Completed on', longDate(c.completed_on)],
    [
      'MCLE units',
      c.units > 0 || c.areas.length > 0 ? (
        <>
          {units(c.units)}
          {c.areas.length > 0 && (
            <ul className="certificate-areas">
              {c.areas.map((a) => (
                <li key={a.key}>
                  {a.label}: {units(a.units)}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null,
    ],
    ['Signed by', c.signatories.length ? c.signatories.map((s) => `${s.name}, ${s.title}`).join('; ') : null],
    ['Accreditation number', c.accreditation],
    ['Approval number', c.approval_number],
    ['Certificate code', <code>{c.code}</code>],
  ];
  return rows.filter((row): row is [string, ReactNode] => row[1] !== null && row[1] !== '');
}

/** A certificate's public page: whether it stands, its image, its facts and its PDF; a revoked one offers no files. */
export function CertificateView({ certificate: c, timeZone }: { certificate: PublicCertificate; timeZone: string | null }) {
  const when = (iso: string) => (timeZone ? dateTimeIn(iso, timeZone) : exactTime(iso));
  return (
    <article className={`certificate-view ${c.revoked ? 'is-revoked' : ''}`} aria-labelledby="certificate-title">
      <h2 id="certificate-title" className="certificate-title">
        {c.course}
      </h2>
      {c.revoked ? (
        <div className="banner banner-error" role="alert">
          <p className="certificate-verdict">{msg.revoked}</p>
          {c.revoked_at && <p>Revoked on {when(c.revoked_at)}.</p>}
          {c.revoked_reason && <p>Reason: {c.revoked_reason}</p>}
        </div>
      ) : (
        <div className="banner banner-success">
          <p className="certificate-verdict">This certificate is valid and was issued by {c.school}.</p>
          <CredentialCheck certificate={c} />
        </div>
      )}
      <div className="certificate-layout">
        {!c.revoked && c.image_url && (
          <img className="certificate-image" src={c.image_url} alt={`Certificate of ${c.learner} for completing ${c.course}`} width={1600} height={1131} />
        )}
        <div className="certificate-details">
          <dl className="certificate-facts">
            {facts(c).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {!c.revoked && c.pdf_url && (
            <a className="btn btn-primary" href={c.pdf_url} download={`certificate-${c.code}.pdf`}>
              Download PDF
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
