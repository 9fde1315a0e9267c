import type { FastifyInstance } from 'fastify';
import { CERTIFICATES_PAGE_SIZE, staffCertificateMessages as msg, type CertificateSettings, type CertificateSettingsPatch, type StaffCertificate, type StaffCertificateQuery } from '@school/shared/staff/certificates';
import type { Signatory } from '../../db/schema/schools';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { displayName } from '../account/presenter';
import { recordAudit, staleWrite } from '../audit/service';
import type { StaffContext } from '../staff/context';
import { uploadService } from '../uploads/service';
import { certificateStaffPolicy } from './policy';
import type { CertificateRow } from './repository';
import { certificateService } from './service';
import { staffCertificateRepository, staffCertificateWrites } from './staff-repository';

type Learner = Parameters<typeof displayName>[0] & { email: string };
const refused = (detail: string) => new DomainError(409, { detail });
/** A signature as the console shows it: an address that lasts an hour. */
const SIGNATURE_LINK_SECONDS = 3600;
/** The most a signature is stored at: printed 80 px high on the certificate, with room to spare. */
const SIGNATURE_BOX = { width: 900, height: 300 };

/**
 * The school's issued certificates in the console (`/staff/certificates/`): searched, revoked with a reason the
 * public page shows, reissued after a correction of the student's name; and what new certificates print. Every
 * write is audited in its own transaction.
 */
export function staffCertificateService(app: FastifyInstance) {
  const repo = staffCertificateRepository(app.db);
  const certificatesOf = certificateService(app);
  const uploads = uploadService(app);
  const subject = (id: number) => ({ type: 'certificate', id });

  const present = (row: CertificateRow, user: Learner, domain: string): StaffCertificate => ({
    id: row.id,
    code: row.code,
    learner: row.facts.learner,
    current_name: displayName(user),
    email: user.email,
    course: row.facts.course,
    issued_at: row.issuedAt.toISOString(),
    reissued_at: row.reissuedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedReason,
    address: certificatesOf.pageUrl(domain, row.code),
  });

  async function load(ctx: StaffContext, id: number) {
    certificateStaffPolicy.authorize(ctx.actor, 'manage', ctx.school);
    const found = await repo.find(ctx.school.id, id);
    if (!found) throw notFound();
    return found;
  }

  const presentSettings = async (row: { version: number; signatories: Signatory[]; accreditation: string | null }): Promise<CertificateSettings> => ({
    version: row.version,
    signatories: await Promise.all(
      row.signatories.map(async (s) => ({
        name: s.name,
        title: s.title,
        signature: s.signature ?? null,
        signature_url: s.signature ? await app.storage.signedUrl(s.signature, { expiresIn: SIGNATURE_LINK_SECONDS }) : null,
      })),
    ),
    accreditation_number: row.accreditation,
  });

  /**
   * The signatories as stored: a new upload becomes the signature (a PNG in the private area); a signature named
   * must be one the school's signatories have now, so that no other file can be printed.
   */
  async function signatoriesOf(ctx: StaffContext, given: NonNullable<CertificateSettingsPatch['signatories']>, current: Signatory[]): Promise<Signatory[]> {
    const known = new Set(current.map((s) => s.signature).filter(Boolean));
    return Promise.all(
      given.map(async ({ name, title, signature, signature_upload: upload }, i) => {
        if (upload) return { name, title, signature: await uploads.privateImage(ctx, upload, 'signatures', SIGNATURE_BOX, `signatories.${i}.signature_upload`, 'The signature') };
        if (signature && !known.has(signature)) throw invalid({ [`signatories.${i}.signature`]: msg.unknownSignature });
        return { name, title, signature };
      }),
    );
  }

  return {
    async list(ctx: StaffContext, q: StaffCertificateQuery) {
      certificateStaffPolicy.authorize(ctx.actor, 'manage', ctx.school);
      const { rows, count } = await repo.list(ctx.school.id, q);
      return pageOf(rows.map((r) => present(r.certificate, r.user, ctx.school.domain)), count, q.page, CERTIFICATES_PAGE_SIZE);
    },

    async revoke(ctx: StaffContext, id: number, reason: string) {
      const found = await load(ctx, id);
      if (found.certificate.revokedAt) throw refused(msg.alreadyRevoked);
      const row = await app.db.transaction(async (tx) => {
        const revoked = await staffCertificateWrites(tx).revoke(ctx.school.id, id, reason);
        if (!revoked) throw refused(msg.alreadyRevoked);
        await recordAudit(tx, ctx.audit, { action: 'certificate.revoke', subject: subject(id), before: { revoked_at: null, reason: null }, after: { revoked_at: revoked.revokedAt?.toISOString(), reason } });
        return revoked;
      });
      return present(row, found.user, ctx.school.domain);
    },

    /** Draws the certificate again with the student's name as it is now; the code, dates and units stay. */
    async reissue(ctx: StaffContext, id: number) {
      const found = await load(ctx, id);
      const before = found.certificate;
      if (before.revokedAt) throw refused(msg.revokedCannotReissue);
      const name = displayName(found.user);
      if (name === before.facts.learner) throw refused(msg.sameName);
      const facts = { ...before.facts, learner: name };
      const files = await certificatesOf.redraw(before, facts);
      const row = await app.db
        .transaction(async (tx) => {
          const saved = await staffCertificateWrites(tx).reissue(ctx.school.id, id, { facts, ...files });
          if (!saved) throw refused(msg.revokedCannotReissue);
          await recordAudit(tx, ctx.audit, { action: 'certificate.reissue', subject: subject(id), before: { learner: before.facts.learner }, after: { learner: name } });
          return saved;
        })
        .catch(async (error: unknown) => {
          await Promise.all([app.storage.remove(files.imageKey), app.storage.remove(files.pdfKey)]);
          throw error;
        });
      // The files of the name before are no longer any certificate's.
      await Promise.all([before.imageKey, before.pdfKey].map((key) => key && app.storage.remove(key).catch(() => undefined)));
      return present(row, found.user, ctx.school.domain);
    },

    async settings(ctx: StaffContext) {
      certificateStaffPolicy.authorize(ctx.actor, 'manage', ctx.school);
      const row = await repo.settings(ctx.school.id);
      if (!row) throw notFound();
      return presentSettings(row);
    },

    /** What the school's next certificates print; those issued keep what they were issued with. */
    async updateSettings(ctx: StaffContext, version: number, patch: CertificateSettingsPatch) {
      certificateStaffPolicy.authorize(ctx.actor, 'manage', ctx.school);
      const before = await repo.settings(ctx.school.id);
      if (!before) throw notFound();
      const columns = {
        ...(patch.signatories === undefined ? {} : { certificateSignatories: await signatoriesOf(ctx, patch.signatories, before.signatories) }),
        ...(patch.accreditation_number === undefined ? {} : { accreditationNumber: patch.accreditation_number || null }),
      };
      const saved = await app.db.transaction(async (tx) => {
        const row = await staffCertificateWrites(tx).saveSettings(ctx.school.id, version, columns);
        if (!row) return null;
        await recordAudit(tx, ctx.audit, {
          action: 'school.certificates',
          subject: { type: 'school', id: ctx.school.id },
          before: { signatories: before.signatories, accreditation_number: before.accreditation },
          after: { signatories: row.signatories, accreditation_number: row.accreditation },
        });
        return row;
      });
      if (saved) return presentSettings(saved);
      const current = await presentSettings((await repo.settings(ctx.school.id))!);
      throw await staleWrite(app.db, ctx.school.id, { type: 'school', id: ctx.school.id }, current, current.version);
    },
  };
}
