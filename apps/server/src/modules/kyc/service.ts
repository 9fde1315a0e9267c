import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { KYC_RETRY_LIMIT, kycComplete, kycMessages as msg, MANUAL_LOCK_DAYS, needsSecondId, verificationDisplay } from '@school/shared/kyc/rules';
import type { KycErrors, KycStatus, KycUploadBody } from '@school/shared/kyc/schemas';
import { attemptState } from '@school/shared/learning/rules';
import type { Tx } from '../../db/client';
import { type DetectedFace, MATCH_THRESHOLD } from '../../infra/face/engine';
import { badRequest, DomainError, notFound } from '../../lib/errors';
import type { SignedInActor } from '../auth/actor';
import { recordAudit, type AuditContext } from '../audit/service';
import { recordEvent } from '../events/service';
import { enrollmentPolicy } from '../learning/policy';
import { describe } from '../notifications/messages';
import { notify } from '../notifications/service';
import type { SchoolRow } from '../tenancy/repository';
import { InvalidImage, readImage, type ReadImage } from './images';
import { type KycRepository, kycRepository, type IdRow, type SnapshotRow, type SubmissionRow } from './repository';

export const VERIFY_KYC = 'verify-kyc';
/** An automatic check still running after this long is handed to the school's staff. */
const STALE_CHECK_MINUTES = 15;
/** How long a photo's address lasts on the pages: minutes, and only for the user it was made for. */
const PHOTO_LINK_SECONDS = 300;

type Slot = 'id0' | 'id1';
const slot = (position: number) => `id${position}` as Slot;

/** One image sent for a check (a snapshot, the lobby's selfie), or the 400 'Invalid image file.'. */
const readOrRefuse = (image: string) =>
  readImage(image).catch((error: unknown) => {
    throw error instanceof InvalidImage ? badRequest(msg.invalidImage, 'invalid_image') : error;
  });

/** Field errors keyed id0, id1 and selfie (spec 1 §8), as a 400. */
const fieldErrors = (errors: KycErrors) => new DomainError(400, errors as Record<string, string[]>);
const add = (errors: KycErrors, key: keyof KycErrors, message: string) => (errors[key] ??= []).push(message);

/** The biggest face of an image: on an ID, the holder's photo. */
const biggest = (faces: DetectedFace[]) => faces.reduce<DetectedFace | undefined>((best, f) => (!best || f.box.width * f.box.height > best.box.width * best.box.height ? f : best), undefined);

export function kycService(app: FastifyInstance) {
  const repo = kycRepository(app.db);
  const photoUrl = (key: string | null, viewer: number) => (key ? app.storage.signedUrl(key, { expiresIn: PHOTO_LINK_SECONDS, viewer }) : Promise.resolve(null));
  const store = async (prefix: string, image: ReadImage) => {
    const key = `${prefix}/${randomBytes(12).toString('hex')}.jpg`;
    await app.storage.put(key, image.jpeg, { visibility: 'private', contentType: 'image/jpeg' });
    return key;
  };
  const transaction = <T>(work: (tx: Tx) => Promise<T>) => app.db.transaction(work);

  /** The faces on a stored private image (none when it is gone). */
  const detectStored = async (key: string | null) => {
    const bytes = key ? await app.storage.get(key, 'private') : null;
    return bytes ? app.face.detect(bytes) : [];
  };

  /** Reads each image sent, or marks its field 'Invalid image file.'. */
  async function readAll(images: { key: keyof KycErrors; data: string }[], errors: KycErrors) {
    const read = new Map<keyof KycErrors, ReadImage>();
    for (const { key, data } of images) {
      try {
        read.set(key, await readImage(data));
      } catch (error) {
        if (!(error instanceof InvalidImage)) throw error;
        add(errors, key, msg.invalidImage);
      }
    }
    const seen = new Set<string>();
    for (const [key, image] of read) {
      if (seen.has(image.digest)) add(errors, key, msg.duplicateImage);
      seen.add(image.digest);
    }
    return read;
  }

  const complete = (ids: IdRow[], primaryId: number | null) => kycComplete(ids.map((id) => ({ template: id.templateId, verified: id.verifiedAt !== null, submitted: true })), primaryId);

  /** Why the account may not send IDs now: verified already, a check or a review running, or a limit reached. */
  async function refuseUpload(from: KycRepository, school: SchoolRow, userId: number, manual: boolean) {
    // One query at a time: `from` may be a transaction, one connection.
    const ids = await from.idsOf(school.id, userId);
    const latest = await from.latestSubmission(school.id, userId);
    const failed = await from.failedSinceManual(school.id, userId);
    const lastManual = await from.lastManualAt(school.id, userId);
    if (complete(ids, school.products.primary_id)) throw badRequest(msg.nothingToVerify, 'verified');
    if (latest?.status === 'pending') throw badRequest(msg.idPending, 'pending');
    if (latest?.status === 'manual') throw badRequest(msg.manualPending, 'manual_pending');
    if (!manual && failed >= KYC_RETRY_LIMIT) throw badRequest(msg.retryLimit, 'retry_limit');
    if (manual && lastManual && Date.now() - lastManual.getTime() < MANUAL_LOCK_DAYS * 86_400_000) throw badRequest(msg.manualLocked, 'manual_locked');
  }

  async function status(userId: number, school: SchoolRow): Promise<KycStatus> {
    const [ids, latest, failed, manualAt] = await Promise.all([repo.idsOf(school.id, userId), repo.latestSubmission(school.id, userId), repo.failedSinceManual(school.id, userId), repo.lastManualAt(school.id, userId)]);
    // An ID counts as submitted while its check or review runs, or once verified; a failed one needs a new photo.
    const open = latest && (latest.status === 'pending' || latest.status === 'manual') ? latest.id : null;
    const submitted = (id: IdRow) => id.verifiedAt !== null || id.submissionId === open;
    const entries = ids.map((id) => ({ template: id.templateId, verified: id.verifiedAt !== null, submitted: submitted(id) }));
    const lockedUntil = manualAt ? new Date(manualAt.getTime() + MANUAL_LOCK_DAYS * 86_400_000) : null;
    return {
      status: latest?.status ?? 'none',
      user_ids: await Promise.all(ids.map(async (id) => ({ template: id.templateId, photo_id: await photoUrl(id.photoKey, userId), submitted: submitted(id), verified: id.verifiedAt !== null, new_id: false }))),
      selfie: await photoUrl(latest?.selfieKey ?? null, userId),
      errors: latest?.status === 'failed' ? latest.errors : {},
      reason: latest?.status === 'rejected' ? latest.reason : null,
      failed_attempts: failed,
      retry_limit_reached: failed >= KYC_RETRY_LIMIT,
      manual_locked_until: lockedUntil && lockedUntil > new Date() ? lockedUntil.toISOString() : null,
      complete: kycComplete(entries, school.products.primary_id),
      display: verificationDisplay(entries, school.products.primary_id),
    };
  }

  return {
    status,
    templates: (schoolId: number) => repo.templates(schoolId),

    /** Whether the account's IDs at the school are verified for its rule (the enrolment gate, step 6). */
    async verified(userId: number, school: SchoolRow) {
      return complete(await repo.idsOf(school.id, userId), school.products.primary_id);
    },

    /**
     * POST /kyc/upload/: checks the fields (spec 1 §5), stores the images re-encoded as private files, records the
     * submission and its IDs, and asks for the automatic check, or for the staff's when `submit` is true.
     */
    async upload(actor: SignedInActor, school: SchoolRow, body: KycUploadBody) {
      if (body.school !== school.id || !school.products.kyc) throw notFound();
      const userId = actor.userId;
      const manual = body.submit ?? false;
      const [ids, templates] = await Promise.all([repo.idsOf(school.id, userId), repo.templates(school.id)]);
      const primaryId = school.products.primary_id;
      await refuseUpload(repo, school, userId, manual);

      const known = new Set(templates.map((t) => t.id));
      const errors: KycErrors = {};
      // The second ID's rule reads the first ID's kind, when it is one of the school's.
      const first = body.user_ids[0]?.template;
      const second = needsSecondId(primaryId, first && known.has(first) ? first : null);
      const entries = body.user_ids.slice(0, second ? 2 : 1);
      const kept = (position: number) => {
        const entry = entries[position]!;
        const existing = ids.find((id) => id.position === position);
        return !entry.id && existing?.verifiedAt && entry.template && known.has(entry.template) && existing.templateId === entry.template ? existing : undefined;
      };
      const images: { key: keyof KycErrors; data: string }[] = [];
      entries.forEach((entry, position) => {
        if (kept(position)) return;
        if (!entry.id) add(errors, slot(position), msg.idRequired);
        else images.push({ key: slot(position), data: entry.id });
        if (!entry.template || !known.has(entry.template)) add(errors, slot(position), msg.templateRequired);
      });
      if (second && entries.length < 2) add(errors, 'id1', msg.secondIdRequired);
      if (!body.selfie) add(errors, 'selfie', msg.selfieRequired);
      else images.push({ key: 'selfie', data: body.selfie });
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const read = await readAll(images, errors);
      if (Object.keys(errors).length) throw fieldErrors(errors);

      // Files first, outside the transaction; if storing or the transaction fails, they are removed again.
      const prefix = `kyc/${userId}`;
      const keys = new Map<keyof KycErrors, string>();
      let committed: { submission: SubmissionRow; dropped: (string | null)[] };
      try {
        for (const [key, image] of read) keys.set(key, await store(prefix, image));
        committed = await transaction(async (tx) => {
          const txRepo = kycRepository(tx);
          // Under the account's lock, the refusals again: a concurrent upload may have just been recorded.
          await txRepo.lockAccount(userId);
          await refuseUpload(txRepo, school, userId, manual);
          const submission = await txRepo.insertSubmission({ schoolId: school.id, userId, mode: manual ? 'manual' : 'automatic', status: manual ? 'manual' : 'pending', selfieKey: keys.get('selfie')! });
          const current = await txRepo.idsOf(school.id, userId);
          const replaced: (string | null)[] = [];
          for (const [position, entry] of entries.entries()) {
            if (kept(position)) continue;
            replaced.push(current.find((id) => id.position === position)?.photoKey ?? null);
            await txRepo.putId({ schoolId: school.id, userId, position, templateId: entry.template!, submissionId: submission.id, photoKey: keys.get(slot(position))! });
          }
          const dropped = [...replaced, ...(await txRepo.dropIdsFrom(school.id, userId, entries.length)).map((r) => r.photoKey)];
          if (!manual) await app.jobs.send(VERIFY_KYC, { submissionId: submission.id }, { tx, singletonKey: `kyc-${submission.id}` });
          await recordEvent(tx, { schoolId: school.id, actorId: userId, type: 'kyc.submitted', subjectId: submission.id, data: { mode: submission.mode } });
          return { submission, dropped };
        });
      } catch (error) {
        await Promise.all([...keys.values()].map((k) => app.storage.remove(k)));
        throw error;
      }
      // An ID's earlier photo is no longer needed once a new one replaces it; a failure here only leaves a file.
      await Promise.all(committed.dropped.filter((k): k is string => k !== null).map((k) => app.storage.remove(k).catch((error: unknown) => app.log.warn({ err: error, key: k }, 'could not remove a replaced ID photo'))));
      return { submission: committed.submission, status: await status(userId, school) };
    },

    /** POST /kyc/verify/notify/: tells the school's administrators a manual submission waits for them. */
    async notifyStaff(actor: SignedInActor, school: SchoolRow, schoolId: number, learner: string) {
      if (schoolId !== school.id || !school.products.kyc) throw notFound();
      const latest = await repo.latestSubmission(school.id, actor.userId);
      if (latest?.status !== 'manual') throw badRequest(msg.nothingToVerify, 'no_manual_submission');
      const admins = await repo.administrators(school.id);
      await transaction(async (tx) => {
        for (const admin of admins) await notify(tx, admin.userId, describe.idsSent(learner), { schoolId: school.id, kind: 'kyc', link: '/staff/id-verification' });
      });
      return { detail: 'Notified.' };
    },

    /** The automatic check (a job): a face on each new ID, exactly one on the selfie, and each ID's face matching it. */
    async check(submissionId: number) {
      const submission = await repo.findSubmissionById(submissionId);
      if (!submission || submission.status !== 'pending') return;
      const ids = await repo.idsOfSubmission(submissionId);
      const errors: KycErrors = {};
      const selfieFaces = await detectStored(submission.selfieKey);
      if (selfieFaces.length === 0) add(errors, 'selfie', msg.noFaceOnSelfie);
      if (selfieFaces.length > 1) add(errors, 'selfie', msg.manyFacesOnSelfie);
      const selfie = selfieFaces.length === 1 ? selfieFaces[0]! : undefined;
      const results: { id: IdRow; faces: number; embedding: number[] | null; score: number | null }[] = [];
      for (const id of ids) {
        const faces = await detectStored(id.photoKey);
        const face = biggest(faces);
        const score = face && selfie ? app.face.similarity(selfie.embedding, face.embedding) : null;
        if (!face) add(errors, slot(id.position), msg.noFaceOnId);
        else if (score !== null && score < MATCH_THRESHOLD) add(errors, slot(id.position), msg.selfieMismatch);
        results.push({ id, faces: faces.length, embedding: face?.embedding ?? null, score });
      }
      // IDs verified before and kept must show the same person as this selfie too; and a selfie alone proves nothing.
      const kept = (await repo.idsOf(submission.schoolId, submission.userId)).filter((id) => id.submissionId !== submissionId && id.verifiedAt && id.embedding);
      for (const id of kept) if (selfie && app.face.similarity(selfie.embedding, id.embedding!) < MATCH_THRESHOLD) add(errors, slot(id.position), msg.selfieMismatch);
      if (ids.length === 0 && kept.length === 0) add(errors, 'id0', msg.idRequired);
      const passed = Object.keys(errors).length === 0;
      await transaction(async (tx) => {
        const txRepo = kycRepository(tx);
        const locked = await txRepo.lockSubmission(submissionId);
        if (locked?.status !== 'pending') return;
        const now = new Date();
        for (const r of results) await txRepo.updateId(r.id.id, submissionId, { faces: r.faces, embedding: r.embedding, score: r.score === null ? null : Math.round(r.score * 10_000) / 10_000, verifiedAt: passed ? now : null });
        await txRepo.updateSubmission(submissionId, { status: passed ? 'verified' : 'failed', errors, selfieFaces: selfieFaces.length, selfieEmbedding: selfie?.embedding ?? null, decidedAt: now });
        await recordEvent(tx, { schoolId: submission.schoolId, actorId: null, type: passed ? 'kyc.verified' : 'kyc.failed', subjectId: submissionId, data: { mode: 'automatic' } });
      });
    },

    /**
     * Staff's decision on a submission sent for manual verification (or one the automatic check failed). An
     * approved selfie's face is described first (outside the transaction), so that snapshots can be compared
     * with it; a selfie the engine cannot read leaves snapshots 'unverified'.
     */
    async decide(by: AuditContext, submission: SubmissionRow, decision: { approve: boolean; reason: string }) {
      const reviewerId = by.actorId;
      const faces = decision.approve && !submission.selfieEmbedding ? await detectStored(submission.selfieKey).catch(() => []) : [];
      return transaction(async (tx) => {
        const txRepo = kycRepository(tx);
        await txRepo.lockAccount(submission.userId);
        const locked = await txRepo.lockSubmission(submission.id);
        if (!locked || !['manual', 'failed'].includes(locked.status)) throw badRequest(msg.alreadyDecided, 'decided');
        // Only the account's latest submission is decided: a newer one replaced these photos.
        if ((await txRepo.latestSubmission(submission.schoolId, submission.userId))?.id !== submission.id) throw badRequest(msg.superseded, 'superseded');
        const now = new Date();
        if (decision.approve) for (const id of await txRepo.idsOfSubmission(submission.id)) await txRepo.updateId(id.id, submission.id, { verifiedAt: now });
        const selfie = faces.length === 1 ? { selfieFaces: 1, selfieEmbedding: faces[0]!.embedding } : {};
        await txRepo.updateSubmission(submission.id, { status: decision.approve ? 'verified' : 'rejected', reason: decision.reason || null, reviewedBy: reviewerId, decidedAt: now, ...selfie });
        await recordEvent(tx, { schoolId: submission.schoolId, actorId: reviewerId, type: decision.approve ? 'kyc.verified' : 'kyc.rejected', subjectId: submission.id, data: { mode: 'manual', reason: decision.reason } });
        await recordAudit(tx, by, {
          action: 'kyc.review',
          subject: { type: 'kyc_submission', id: submission.id },
          before: { status: locked.status, reason: locked.reason },
          after: { status: decision.approve ? 'verified' : 'rejected', reason: decision.reason || null },
        });
        return (await txRepo.findSubmission(submission.schoolId, submission.id))!;
      });
    },

    /**
     * A study snapshot (POST kyc/upload/snapshot/): kept as a private file and recorded whatever it shows; exactly
     * one face, matching the verified selfie when there is one, passes.
     */
    async snapshot(actor: SignedInActor, school: SchoolRow, courseId: number, image: string) {
      const found = await repo.enrolmentIn(school.id, actor.userId, courseId);
      if (!found) throw notFound();
      enrollmentPolicy.authorize(actor, 'study', found.enrollment);
      if (!found.enableKyl) throw badRequest(msg.noSnapshots, 'no_snapshots');
      const read = await readOrRefuse(image);
      const [faces, reference] = await Promise.all([app.face.detect(read.jpeg), repo.verifiedSelfie(school.id, actor.userId)]);
      const face = faces.length === 1 ? faces[0]! : undefined;
      const score = face && reference ? app.face.similarity(reference, face.embedding) : null;
      const result: SnapshotRow['result'] = faces.length === 0 ? 'no_face' : faces.length > 1 ? 'many_faces' : score === null ? 'unverified' : score >= MATCH_THRESHOLD ? 'match' : 'mismatch';
      const imageKey = await store(`snapshots/${found.enrollment.id}`, read);
      const passed = result === 'match' || result === 'unverified';
      const { row, attempt } = await transaction(async (tx) => {
        const txRepo = kycRepository(tx);
        // A failed check pauses the session's progress until a snapshot passes.
        const attempt = await txRepo.pauseSession(found.enrollment.id, !passed);
        const row = await txRepo.insertSnapshot({ schoolId: school.id, userId: actor.userId, enrollmentId: found.enrollment.id, imageKey, faces: faces.length, score: score === null ? null : Math.round(score * 10_000) / 10_000, result });
        return { row, attempt };
      }).catch(async (error: unknown) => {
        await app.storage.remove(imageKey);
        throw error;
      });
      if (result === 'no_face') throw badRequest(msg.noFaceSnapshot, 'no_face');
      if (result === 'many_faces') throw badRequest(msg.manyFacesSnapshot, 'many_faces');
      if (result === 'mismatch') throw badRequest(msg.snapshotMismatch, 'mismatch');
      // The course timer's time, read again by the page: a pass after a failed one gives the paused time back.
      return { id: row.id, result: result as 'match' | 'unverified', score: row.score, time_left: attemptState(attempt, found.durationMinutes).time_left };
    },

    /** The lobby's selfie check (POST /kyc/verify/selfie/): one face, the verified selfie's. */
    async checkSelfie(actor: SignedInActor, school: SchoolRow, image: string) {
      const [reference, ids] = await Promise.all([repo.verifiedSelfie(school.id, actor.userId), repo.idsOf(school.id, actor.userId)]);
      if (!complete(ids, school.products.primary_id)) throw badRequest(msg.notVerifiedYet, 'not_verified');
      const read = await readOrRefuse(image);
      const faces = await app.face.detect(read.jpeg);
      if (faces.length === 0) throw badRequest(msg.noFaceOnSelfie, 'no_face');
      if (faces.length > 1) throw badRequest(msg.manyFacesOnSelfie, 'many_faces');
      // Verified by staff from a selfie the engine could not describe: one face is all that can be asked.
      if (reference && app.face.similarity(reference, faces[0]!.embedding) < MATCH_THRESHOLD) throw badRequest(msg.snapshotMismatch, 'mismatch');
      return { detail: msg.lobbyReady };
    },

    /**
     * Sends submissions whose automatic check has not ended after STALE_CHECK_MINUTES (its job lost, or the engine
     * failing every retry) to the school's staff, so that no student waits for ever.
     */
    async sendStaleToStaff() {
      const stale = await repo.staleChecks(STALE_CHECK_MINUTES, 100);
      for (const submission of stale) {
        await transaction(async (tx) => {
          const txRepo = kycRepository(tx);
          const locked = await txRepo.lockSubmission(submission.id);
          if (locked?.status !== 'pending') return;
          await txRepo.updateSubmission(submission.id, { status: 'manual' });
          await recordEvent(tx, { schoolId: submission.schoolId, actorId: null, type: 'kyc.submitted', subjectId: submission.id, data: { mode: 'manual', reason: 'automatic check did not end' } });
        });
      }
      return stale.length;
    },

    /** Removes photos past their school's retention period; the embeddings and results stay as evidence. */
    async forgetExpiredPhotos(batch = 200) {
      const submissions = await repo.expiredSubmissions(batch);
      for (const s of submissions) {
        const ids = await repo.idsOfSubmission(s.id);
        await Promise.all([s.selfieKey, ...ids.map((id) => id.photoKey)].filter((k): k is string => k !== null).map((k) => app.storage.remove(k)));
        await transaction(async (tx) => {
          const txRepo = kycRepository(tx);
          for (const id of ids) await txRepo.updateId(id.id, s.id, { photoKey: null });
          await txRepo.updateSubmission(s.id, { selfieKey: null, photosRemovedAt: new Date() });
        });
      }
      const snapshots = await repo.expiredSnapshots(batch);
      await Promise.all(snapshots.map((s) => app.storage.remove(s.imageKey!)));
      if (snapshots.length) await repo.forgetSnapshotImages(snapshots.map((s) => s.id));
      return submissions.length + snapshots.length;
    },

    withLearner: (schoolId: number, id: number) => repo.withLearner(schoolId, id),
    queue: (schoolId: number, status: SubmissionRow['status'], page: number) => repo.queue(schoolId, status, page),
    idsOfSubmission: (id: number) => repo.idsOfSubmission(id),
    templateNames: (ids: number[]) => repo.templateNames(ids),
    photoUrl,
  };
}

export type KycService = ReturnType<typeof kycService>;
