import { areasOf } from '@school/shared/certificates/mcle';
import type { MyCertificate, PublicCertificate } from '@school/shared/certificates/schemas';
import type { Storage } from '../../infra/storage/storage';
import type { CertificateRow } from './repository';

/** How long a certificate file's address works: long enough to view and download, short enough not to spread. */
const FILE_LINK_SECONDS = 3600;
const fileUrl = (files: Storage, key: string | null) => (key ? files.signedUrl(key, { expiresIn: FILE_LINK_SECONDS }) : Promise.resolve(null));

export async function presentMine(files: Storage, { certificate: row, timeZone }: { certificate: CertificateRow; timeZone: string }, address: string): Promise<MyCertificate> {
  return { id: row.id, code: row.code, course_name: row.facts.course, school: row.facts.school, image: await fileUrl(files, row.imageKey), timestamp: row.issuedAt.toISOString(), time_zone: timeZone, address };
}

/** What anybody with the code may see: the facts printed on the certificate, never the learner's e-mail or signature. */
export async function presentPublic(files: Storage, row: CertificateRow, address: string, platform: string): Promise<PublicCertificate> {
  const revoked = row.revokedAt !== null;
  return {
    code: row.code,
    learner: row.facts.learner,
    course: row.facts.course,
    school: row.facts.school,
    completed_on: row.facts.completedOn,
    issued_at: row.issuedAt.toISOString(),
    units: row.facts.units,
    areas: areasOf(row.facts.areas),
    signatories: row.facts.signatories ?? [],
    accreditation: row.facts.accreditation,
    approval_number: row.facts.approvalNumber,
    image_url: revoked ? null : await fileUrl(files, row.imageKey),
    pdf_url: revoked ? null : await fileUrl(files, row.pdfKey),
    address,
    platform,
    revoked,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedReason,
  };
}
