import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CERTIFICATION_STATEMENT, certificateMessages as msg, certificateState, CODE_ALPHABET, formatCode } from '@school/shared/certificates/rules';
import { addUnits, complianceStanding, type UnitsByArea } from '@school/shared/certificates/mcle';
import type { CertificateStatus, CertificationBody, Compliance } from '@school/shared/certificates/schemas';
import { todayIn } from '@school/shared/school/dates';
import type { Db } from '../../db/client';
import type { CertificateFacts } from '../../db/schema/index';
import type { Visibility } from '../../infra/storage/storage';
import { decodeImage, exceedsPixelLimit } from '../../lib/decode-image';
import { badRequest, DomainError, invalid, notFound } from '../../lib/errors';
import { fullName } from '../account/presenter';
import { accountService } from '../account/service';
import type { SignedInActor } from '../auth/actor';
import { recordEvent } from '../events/service';
import { enrollmentPolicy } from '../learning/policy';
import { identityEvidence } from '../kyc/evidence';
import type { SchoolRow } from '../tenancy/repository';
import { schoolUrl } from '../tenancy/resolve-domain';
import { envelopedCredential, openBadgeCredential } from './credential';
import { issuerKey } from './issuer-key';
import { courseRecordsCsv } from './records';
import { certificateRepository, type CertificateRow } from './repository';

export const ISSUE_CERTIFICATE = 'issue-certificate';
const ISSUE_OVERDUE = 'issue-overdue-certificates';
/** Enrolments a sweep looks at, at most (the next sweep takes the rest). */
const OVERDUE_BATCH = 200;
/** A signature's height on the certificate image, in pixels. */
const SIGNATURE_HEIGHT = 80;
/** The logo's height on the certificate image, in pixels. */
const LOGO_HEIGHT = 100;
/** Courses (and bundles) the tracker suggests for the missing areas. */
const SUGGESTIONS = 6;

/** The certificates being drawn in this process, by enrolment, per app (a second request waits for the first). */
const inProcess = new WeakMap<FastifyInstance, Map<number, Promise<CertificateRow | null>>>();

const newCode = () => formatCode(Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''));

/** Asks for an enrolment's certificate, in the caller's transaction: the job runs only if that change commits. */
export const requestCertificate = (app: FastifyInstance, tx: Db, enrollmentId: number) =>
  app.jobs.send(ISSUE_CERTIFICATE, { enrollmentId }, { tx, singletonKey: `certificate-${enrollmentId}` });

/** The drawn signature re-encoded as a PNG; empty, unreadable or too many pixels is the field's error. */
async function signaturePng(dataUrl: string) {
  try {
    // Inside the try: sharp throws at once, not in its promise, on empty bytes.
    return await decodeImage(Buffer.from(dataUrl.split(',')[1]!, 'base64')).png().toBuffer();
  } catch (error) {
    throw invalid({ signature: exceedsPixelLimit(error) ? msg.signatureTooLarge : msg.signatureRequired });
  }
}

export function certificateService(app: FastifyInstance) {
  const repo = certificateRepository(app.db);
  const accounts = accountService(app);
  // On the school's platform address, never a custom host name: a printed code must keep working when those change.
  const pageUrl = (domain: string, code: string) => schoolUrl(app.config.SCHOOL_URL_TEMPLATE, { domain, primaryHost: null }, `/certificates/${code}`);
  let issuing = inProcess.get(app);
  if (!issuing) inProcess.set(app, (issuing = new Map()));

  /** A stored image as a PNG `height` px high (whatever image it was stored as), or null without a readable one. */
  async function pngOf(key: string | null | undefined, visibility: Visibility, height: number) {
    const stored = key ? await app.storage.get(key, visibility).catch(() => null) : null;
    if (!stored) return null;
    const drawn = await decodeImage(stored, { density: 300 })
      .resize({ height })
      .png()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null);
    return drawn && { data: drawn.data, width: drawn.info.width, height: drawn.info.height };
  }

  /** What a certificate draws besides its facts: the school's logo and each signatory's signature. */
  const imagesOf = async (logo: string | null, facts: CertificateFacts) => ({
    logo: await pngOf(logo, 'public', LOGO_HEIGHT),
    signatures: await Promise.all((facts.signatories ?? []).map((s) => pngOf(s.signature, 'private', SIGNATURE_HEIGHT))),
  });

  async function issueOnce(enrollmentId: number) {
    const row = await repo.enrolmentFacts(enrollmentId);
    if (!row) return null;
    const { enrollment, course, school, user } = row;
    const state = certificateState({ progress: enrollment.progress, status: enrollment.status, mcle: school.products.mcle, signed: row.signedAt !== null });
    if (state !== 'issue') return null;
    const existing = await repo.findByEnrollment(enrollmentId);
    if (existing) return existing;
    const code = newCode();
    const facts = {
      learner: fullName(user) || user.username,
      course: course.name,
      school: school.name,
      schoolDomain: school.domain,
      units: Number(course.units),
      accreditation: school.accreditationNumber,
      approvalNumber: course.approvalNumber,
      // The day the course was finished where the school is.
      completedOn: todayIn(school.timeZone, enrollment.dateCompleted ?? new Date()),
      areas: course.mcleUnits,
      signatories: school.certificateSignatories,
    };
    // The drawing libraries and fonts load on the first certificate, not at every start.
    const { renderCertificate } = await import('./render');
    const files = await renderCertificate({ facts, code, url: pageUrl(school.domain, code), colour: school.primaryColor, ...(await imagesOf(school.logo, facts)) });
    const imageKey = `certificates/${code}.png`;
    const pdfKey = `certificates/${code}.pdf`;
    await app.storage.put(imageKey, files.png, { visibility: 'private', contentType: 'image/png' });
    await app.storage.put(pdfKey, files.pdf, { visibility: 'private', contentType: 'application/pdf' });
    // The row and its event together: the student is told (a notification, an e-mail) once it exists.
    const made = await app.db.transaction(async (tx) => {
      const row = await certificateRepository(tx).insert({ schoolId: school.id, userId: enrollment.userId, enrollmentId, courseId: course.id, compliancePeriodId: enrollment.compliancePeriodId, code, facts, imageKey, pdfKey });
      if (row) await recordEvent(tx, { schoolId: school.id, actorId: null, type: 'certificate.issued', subjectId: row.id, data: { enrollmentId, code } });
      return row;
    });
    if (made) return made;
    await Promise.all([app.storage.remove(imageKey), app.storage.remove(pdfKey)]);
    return (await repo.findByEnrollment(enrollmentId)) ?? null;
  }

  return {
    pageUrl,

    /** A certificate as its signed Open Badges credential; a revoked one has none (410), so that a check fails. */
    async credential(code: string) {
      const row = await repo.findByCode(code);
      if (!row) throw notFound(msg.notFound);
      if (row.revokedAt) throw new DomainError(410, { detail: msg.revoked });
      const email = (await repo.emailOf(row.userId)) ?? '';
      const siteUrl = schoolUrl(app.config.SCHOOL_URL_TEMPLATE, { domain: row.facts.schoolDomain, primaryHost: null }, '/');
      const credential = openBadgeCredential({ row, email, pageUrl: pageUrl(row.facts.schoolDomain, row.code), siteUrl });
      return envelopedCredential(credential, await issuerKey(app.config.SECRET_KEY));
    },

    /**
     * Draws an issued certificate again with corrected facts (same code, new files under new keys, so that a link
     * handed out before never shows a half-written file); the caller stores the keys and removes the old files.
     */
    async redraw(row: CertificateRow, facts: CertificateFacts) {
      const look = await repo.schoolLook(row.schoolId);
      if (!look) throw notFound();
      const { renderCertificate } = await import('./render');
      const files = await renderCertificate({ facts, code: row.code, url: pageUrl(look.domain, row.code), colour: look.primaryColor, ...(await imagesOf(look.logo, facts)) });
      const stamp = Date.now().toString(36);
      const imageKey = `certificates/${row.code}-${stamp}.png`;
      const pdfKey = `certificates/${row.code}-${stamp}.pdf`;
      await app.storage.put(imageKey, files.png, { visibility: 'private', contentType: 'image/png' });
      await app.storage.put(pdfKey, files.pdf, { visibility: 'private', contentType: 'application/pdf' });
      return { imageKey, pdfKey };
    },

    /**
     * Issues the enrolment's certificate when it is due (certificateState): drawn and stored first, then one row
     * with its files (the unique index keeps it to one; a loser of a race removes its files and answers the
     * winner's). Drawing happens outside any database transaction, and once per enrolment at a time in this
     * process. Null when it is not due.
     */
    issue(enrollmentId: number): Promise<CertificateRow | null> {
      const running = issuing.get(enrollmentId);
      if (running) return running;
      const issued = issueOnce(enrollmentId).finally(() => issuing.delete(enrollmentId));
      issuing.set(enrollmentId, issued);
      return issued;
    },

    /** Where an enrolment's certificate stands, for its course page (a finished course's certificate is looked up). */
    async status(enrollment: { id: number; progress: number; status: string }, mcle: boolean): Promise<CertificateStatus> {
      if (enrollment.progress < 100) return { state: 'incomplete', code: null };
      const { signed, code, paying } = await repo.progressOf(enrollment.id);
      if (code) return { state: 'issued', code };
      const state = certificateState({ progress: enrollment.progress, status: enrollment.status, mcle, signed });
      if (state === 'needs_payment' && paying) return { state: 'payment_pending', code: null };
      return { state: state === 'issue' ? 'issuing' : state, code: null };
    },

    /**
     * The MCLE certification statement, signed (spec 1 §5): the whole course done, the typed name the account's
     * own, the drawn signature re-encoded as a private file, kept with when, from where and with what browser.
     * The certificate is then asked for in the same transaction.
     */
    async sign(actor: SignedInActor, school: SchoolRow, enrollmentId: number, body: CertificationBody, evidence: { ip: string; userAgent: string }) {
      const enrollment = await repo.findEnrollment(school.id, enrollmentId);
      if (!enrollment) throw notFound();
      enrollmentPolicy.authorize(actor, 'study', enrollment);
      if (enrollment.progress < 100) throw badRequest(msg.notCompleted);
      if (await repo.findSignature(enrollmentId)) throw badRequest(msg.alreadySigned);
      const account = await accounts.findAccount(actor.userId);
      const typed = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();
      if (!account || typed(body.full_name) !== typed(fullName(account.user))) throw invalid({ full_name: msg.nameMismatch });
      const png = await signaturePng(body.signature);
      const signatureKey = `signatures/${enrollmentId}-${randomBytes(8).toString('hex')}.png`;
      await app.storage.put(signatureKey, png, { visibility: 'private', contentType: 'image/png' });
      const signed = await app.db.transaction(async (tx) => {
        const row = await certificateRepository(tx).addSignature({ schoolId: school.id, enrollmentId, userId: actor.userId, fullName: body.full_name.trim(), signatureKey, statement: CERTIFICATION_STATEMENT, ...evidence });
        if (row) await requestCertificate(app, tx, enrollmentId);
        return row;
      });
      if (!signed) {
        await app.storage.remove(signatureKey);
        throw badRequest(msg.alreadySigned);
      }
      return signed;
    },

    /** The MCLE tracker for a period: certificates of every school add up; this school's offer covers the rest. */
    async compliance(userId: number, school: SchoolRow, compliancePeriodId: number): Promise<Compliance> {
      const certificates = await repo.ofPeriod(userId, compliancePeriodId);
      const standing = complianceStanding(addUnits(certificates.map((c) => c.facts.areas ?? {})));
      const missing = standing.areas.filter((a) => a.missing > 0).map((a) => a.key);
      const covering = (units: UnitsByArea) => missing.filter((area) => (units[area] ?? 0) > 0);
      const [courses, bundles] = missing.length
        ? await Promise.all([repo.coursesCovering(school.id, userId, missing, SUGGESTIONS), repo.bundlesCovering(school.id, missing, SUGGESTIONS)])
        : [[], []];
      return {
        compliance_period: compliancePeriodId,
        ...standing,
        certificates: certificates.map((c) => ({ code: c.code, course: c.facts.course, school: c.facts.school, completed_on: c.facts.completedOn, units: c.facts.units })),
        suggestions: {
          courses: courses.map((c) => ({ id: c.id, name: c.name, slug: c.slug, areas: covering(c.mcleUnits) })),
          bundles: bundles.map((b) => ({ id: b.id, name: b.name, slug: b.slug, areas: covering(addUnits(b.units)) })),
        },
      };
    },

    /** Issues what is due but was never issued (a job lost with its process; the demo's finished courses). */
    async issueOverdue() {
      let issued = 0;
      for (const id of await repo.dueWithout(OVERDUE_BATCH)) if (await this.issue(id)) issued++;
      return issued;
    },

    /** The one-page compliance summary PDF of a period; undefined for an unknown period. */
    async compliancePdf(userId: number, learner: string, school: SchoolRow, compliancePeriodId: number) {
      const period = await repo.periodName(compliancePeriodId);
      if (!period) return undefined;
      const { compliancePdf } = await import('./compliance-pdf');
      return compliancePdf({ learner, period, school: school.name, colour: school.primaryColor, compliance: await this.compliance(userId, school, compliancePeriodId) });
    },

    /** A course's records as CSV (staff; see records.ts). */
    records: (schoolId: number, courseId: number, compliancePeriodId: number | undefined) => courseRecordsCsv(repo, identityEvidence(app.db, app.storage), schoolId, courseId, compliancePeriodId),

    findByCode: (code: string) => repo.findByCode(code),
    listMine: (userId: number, q: Parameters<typeof repo.listMine>[1]) => repo.listMine(userId, q),
  };
}

/**
 * The issuing queue: every process defines it, workers draw and store certificates with retries. A sweep every
 * 10 minutes (and one at start) issues what is due but was never asked for or whose job was lost.
 */
export async function registerCertificateJobs(app: FastifyInstance) {
  const certificates = certificateService(app);
  await app.jobs.define(ISSUE_CERTIFICATE, { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 });
  await app.jobs.work<{ enrollmentId: number }>(ISSUE_CERTIFICATE, async (job) => {
    await certificates.issue(job.enrollmentId);
  });
  await app.jobs.define(ISSUE_OVERDUE, { retryLimit: 0, expireInSeconds: 10 * 60 });
  await app.jobs.work(
    ISSUE_OVERDUE,
    async () => {
      const issued = await certificates.issueOverdue();
      if (issued) app.log.info({ issued }, 'issued overdue certificates');
    },
    { pollSeconds: 30 },
  );
  await app.jobs.schedule(ISSUE_OVERDUE, '*/10 * * * *');
}

/** A sweep now (after the demo is loaded: its finished courses get their certificates at once). */
export const sweepOverdueCertificates = (app: FastifyInstance) => app.jobs.send(ISSUE_OVERDUE, {}, { singletonKey: 'now' });
