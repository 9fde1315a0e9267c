import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { CERTIFICATES_PAGE_SIZE, type StaffCertificateQuery } from '@school/shared/staff/certificates';
import type { Db, Tx } from '../../db/client';
import { certificates, schools, users, type CertificateFacts } from '../../db/schema/index';
import { containing } from '../../lib/like';

const learner = { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username, email: users.email };

/** The console's reads of a school's issued certificates and of what its new ones print. */
export function staffCertificateRepository(db: Db) {
  return {
    /** A page of the school's certificates, newest first; each word of the search in the name, e-mail, course or code. */
    async list(schoolId: number, q: StaffCertificateQuery) {
      const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5).map(containing);
      const where = and(
        eq(certificates.schoolId, schoolId),
        q.state === 'valid' ? isNull(certificates.revokedAt) : q.state === 'revoked' ? isNotNull(certificates.revokedAt) : undefined,
        ...words.map((like) =>
          or(
            ilike(sql`${certificates.facts}->>'learner'`, like),
            ilike(users.firstName, like),
            ilike(users.lastName, like),
            ilike(users.email, like),
            ilike(sql`${certificates.facts}->>'course'`, like),
            ilike(certificates.code, like),
          ),
        ),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ certificate: certificates, user: learner })
          .from(certificates)
          .innerJoin(users, eq(users.id, certificates.userId))
          .where(where)
          .orderBy(desc(certificates.issuedAt), desc(certificates.id))
          .limit(CERTIFICATES_PAGE_SIZE)
          .offset((q.page - 1) * CERTIFICATES_PAGE_SIZE),
        db.select({ n: count() }).from(certificates).innerJoin(users, eq(users.id, certificates.userId)).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async find(schoolId: number, id: number) {
      const [row] = await db
        .select({ certificate: certificates, user: learner })
        .from(certificates)
        .innerJoin(users, eq(users.id, certificates.userId))
        .where(and(eq(certificates.schoolId, schoolId), eq(certificates.id, id)))
        .limit(1);
      return row;
    },

    async settings(schoolId: number) {
      const [row] = await db.select({ version: schools.version, signatories: schools.certificateSignatories, accreditation: schools.accreditationNumber }).from(schools).where(eq(schools.id, schoolId));
      return row;
    },
  };
}

export function staffCertificateWrites(tx: Tx) {
  return {
    /** Revokes a certificate that stands; null when it was revoked already (or is not the school's). */
    async revoke(schoolId: number, id: number, reason: string) {
      const [row] = await tx
        .update(certificates)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(certificates.schoolId, schoolId), eq(certificates.id, id), isNull(certificates.revokedAt)))
        .returning();
      return row ?? null;
    },

    /** The redrawn files and facts of a standing certificate; null when it was revoked meanwhile. */
    async reissue(schoolId: number, id: number, values: { facts: CertificateFacts; imageKey: string; pdfKey: string }) {
      const [row] = await tx
        .update(certificates)
        .set({ ...values, reissuedAt: new Date() })
        .where(and(eq(certificates.schoolId, schoolId), eq(certificates.id, id), isNull(certificates.revokedAt)))
        .returning();
      return row ?? null;
    },

    async saveSettings(schoolId: number, version: number, columns: Partial<Pick<typeof schools.$inferInsert, 'certificateSignatories' | 'accreditationNumber'>>) {
      const [row] = await tx
        .update(schools)
        .set({ ...columns, version: version + 1 })
        .where(and(eq(schools.id, schoolId), eq(schools.version, version)))
        .returning({ version: schools.version, signatories: schools.certificateSignatories, accreditation: schools.accreditationNumber });
      return row ?? null;
    },
  };
}
