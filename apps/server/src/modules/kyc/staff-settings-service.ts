import type { FastifyInstance } from 'fastify';
import { identitySettingsMessages as msg, type IdentitySettings, type IdentitySettingsPatch } from '@school/shared/staff/identity-settings';
import { invalid, notFound } from '../../lib/errors';
import { recordAudit, staleWrite } from '../audit/service';
import type { StaffContext } from '../staff/context';
import { kycSettingsPolicy } from './policy';
import { identitySettingsRepository, identitySettingsWrites } from './staff-settings-repository';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof identitySettingsRepository>['find']>>>;

function present(found: Found): IdentitySettings {
  const primary = found.school.products.primary_id;
  return {
    version: found.school.version,
    kyc_enabled: found.school.products.kyc,
    kinds: found.kinds.map((k) => ({ id: k.id, name: k.name, primary: k.id === primary, in_use: k.inUse })),
    retention_days: found.school.retentionDays,
    courses: found.courses,
  };
}

/** What the audit log keeps of the settings: the kinds by name, the primary's name, the days and the courses' ids. */
const audited = (s: IdentitySettings) => ({
  kinds: s.kinds.map((k) => k.name),
  primary: s.kinds.find((k) => k.primary)?.name ?? null,
  retention_days: s.retention_days,
  snapshot_courses: s.courses.filter((c) => c.snapshots).map((c) => c.id),
});

/**
 * The school's identity settings in the console (`/staff/identity-settings/`): the kinds of ID students choose
 * from and the primary one, how long photos are kept, and which courses take snapshots. They share the school's
 * version with its other settings (one row, one If-Match), and a save is audited in its own transaction.
 */
export function identitySettingsService(app: FastifyInstance) {
  const repo = identitySettingsRepository(app.db);
  const subject = (id: number) => ({ type: 'school', id });

  async function load(ctx: StaffContext) {
    const found = await repo.find(ctx.school.id);
    if (!found) throw notFound();
    return found;
  }

  /** The patch's kinds checked against the listed ones: ids must be listed, and a kind students sent stays. */
  function checkKinds(found: Found, patch: IdentitySettingsPatch) {
    if (!patch.kinds) return;
    const listed = new Map(found.kinds.map((k) => [k.id, k]));
    if (patch.kinds.some((k) => k.id !== undefined && !listed.has(k.id))) throw invalid({ kinds: msg.unknownKind });
    const kept = new Set(patch.kinds.map((k) => k.id));
    const lost = found.kinds.find((k) => k.inUse && !kept.has(k.id));
    if (lost) throw invalid({ kinds: msg.kindInUse(lost.name) });
  }

  return {
    async get(ctx: StaffContext) {
      kycSettingsPolicy.authorize(ctx.actor, 'update', ctx.school);
      return present(await load(ctx));
    },

    async update(ctx: StaffContext, version: number, patch: IdentitySettingsPatch) {
      kycSettingsPolicy.authorize(ctx.actor, 'update', ctx.school);
      const found = await load(ctx);
      checkKinds(found, patch);
      if (patch.snapshot_courses) {
        const known = new Set(await repo.schoolCourseIds(ctx.school.id, patch.snapshot_courses));
        if (patch.snapshot_courses.some((id) => !known.has(id))) throw invalid({ snapshot_courses: msg.courseNotHere });
      }
      const before = present(found);
      const saved = await app.db.transaction(async (tx) => {
        const writes = identitySettingsWrites(tx);
        const bumped = await writes.bumpSchool(ctx.school.id, version, patch.retention_days === undefined ? {} : { kycRetentionDays: patch.retention_days });
        if (!bumped) return false;
        if (patch.kinds) {
          const { ids, removed } = await writes.replaceKinds(ctx.school.id, patch.kinds);
          const meant = found.kinds.filter((k) => !patch.kinds!.some((p) => p.id === k.id));
          // A student sent one of the kinds being removed after the page was read: the whole save is refused.
          const sentMeanwhile = meant.find((k) => !removed.includes(k.id));
          if (sentMeanwhile) throw invalid({ kinds: msg.kindInUse(sentMeanwhile.name) });
          const primary = patch.kinds.findIndex((k) => k.primary);
          await writes.setProducts(ctx.school.id, { ...bumped.products, primary_id: primary < 0 ? null : ids[primary]! });
        }
        if (patch.snapshot_courses) await writes.setSnapshotCourses(ctx.school.id, patch.snapshot_courses);
        const after = present(await identitySettingsRepository(tx).find(ctx.school.id).then((f) => f!));
        await recordAudit(tx, ctx.audit, { action: 'identity.update', subject: subject(ctx.school.id), before: audited(before), after: audited(after) });
        return after;
      });
      if (!saved) {
        const current = present(await load(ctx));
        throw await staleWrite(app.db, ctx.school.id, subject(ctx.school.id), current, current.version);
      }
      return saved;
    },
  };
}
