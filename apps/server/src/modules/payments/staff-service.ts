import type { FastifyInstance } from 'fastify';
import { nextDay, todayIn, zonedInstant } from '@school/shared/school/dates';
import { VOUCHER_PAGE_SIZE, voucherMessages, voucherProblems, voucherStatus, type StaffVoucher, type StaffVoucherListQuery, type VoucherFields } from '@school/shared/staff/vouchers';
import { isUniqueViolation } from '../../lib/db-errors';
import { invalid, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { allowedTo, definePolicy } from '../../lib/policy';
import { recordAudit, staleWrite } from '../audit/service';
import type { StaffContext } from '../staff/context';
import { staffVoucherRepository, staffVoucherWrites, type VoucherColumns } from './staff-repository';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof staffVoucherRepository>['find']>>>;

/** A school's vouchers are managed by those with voucher.manage there; another school's do not exist for them. */
const voucherPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { manage: allowedTo('voucher.manage') },
});


/**
 * The console's vouchers. Dates are the school's days: a voucher starts at the first day's midnight and ends at
 * the midnight after its last day, there. A fixed value is pesos here and centavos in the database.
 */
export function staffVoucherService(app: FastifyInstance) {
  const repo = staffVoucherRepository(app.db);

  function present(ctx: StaffContext, { voucher: v, course, bundle }: Found): StaffVoucher {
    const timeZone = ctx.school.timeZone;
    const fields = {
      code: v.code,
      type: v.type,
      value: v.type === 'fixed' ? v.value / 100 : v.value,
      usage_limit: v.usageLimit,
      per_user_limit: v.perUserLimit,
      starts_on: v.startsAt ? todayIn(timeZone, v.startsAt) : null,
      // The stored end is the midnight after the last day.
      ends_on: v.endsAt ? todayIn(timeZone, new Date(v.endsAt.getTime() - 1)) : null,
      is_active: v.isActive,
    };
    return { id: v.id, ...fields, course: course?.id ? course : null, bundle: bundle?.id ? bundle : null, used_count: v.usedCount, status: voucherStatus({ ...fields, used_count: v.usedCount }, todayIn(timeZone)), version: v.version };
  }

  /** The columns of a voucher after its problems (and an unknown course or bundle) are refused. */
  async function columnsOf(ctx: StaffContext, body: VoucherFields, used: number): Promise<VoucherColumns> {
    const problems = voucherProblems(body, used);
    if (body.course_id !== null && !problems.bundle_id && !(await repo.courseExists(ctx.school.id, body.course_id))) problems.course_id = voucherMessages.unknownCourse;
    if (body.bundle_id !== null && !problems.bundle_id && !(await repo.bundleExists(ctx.school.id, body.bundle_id))) problems.bundle_id = voucherMessages.unknownBundle;
    if (Object.keys(problems).length) throw invalid(problems);
    const timeZone = ctx.school.timeZone;
    return {
      code: body.code,
      type: body.type,
      value: body.type === 'fixed' ? Math.round(body.value * 100) : body.value,
      courseId: body.course_id,
      bundleId: body.bundle_id,
      usageLimit: body.usage_limit,
      perUserLimit: body.per_user_limit,
      startsAt: body.starts_on ? zonedInstant(body.starts_on, '00:00', timeZone) : null,
      endsAt: body.ends_on ? zonedInstant(nextDay(body.ends_on), '00:00', timeZone) : null,
      isActive: body.is_active,
    };
  }

  async function load(ctx: StaffContext, id: number) {
    voucherPolicy.authorize(ctx.actor, 'manage', ctx.school);
    const found = await repo.find(ctx.school.id, id);
    if (!found) throw notFound();
    return found;
  }

  /** A second voucher with the same code is refused by the database's unique index, whoever saved first. */
  const codeTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw invalid({ code: voucherMessages.taken });
    throw error;
  };

  const audited = (v: VoucherColumns) => ({ ...v, startsAt: v.startsAt?.toISOString() ?? null, endsAt: v.endsAt?.toISOString() ?? null });

  return {
    async list(ctx: StaffContext, query: StaffVoucherListQuery) {
      voucherPolicy.authorize(ctx.actor, 'manage', ctx.school);
      const { rows, total } = await repo.page(ctx.school.id, query, VOUCHER_PAGE_SIZE, (query.page - 1) * VOUCHER_PAGE_SIZE);
      return pageOf(
        rows.map((row) => present(ctx, row)),
        total,
        query.page,
        VOUCHER_PAGE_SIZE,
      );
    },

    async targets(ctx: StaffContext) {
      voucherPolicy.authorize(ctx.actor, 'manage', ctx.school);
      return repo.targets(ctx.school.id);
    },

    async get(ctx: StaffContext, id: number) {
      return present(ctx, await load(ctx, id));
    },

    async create(ctx: StaffContext, body: VoucherFields) {
      voucherPolicy.authorize(ctx.actor, 'manage', ctx.school);
      const columns = await columnsOf(ctx, body, 0);
      const row = await app.db
        .transaction(async (tx) => {
          const saved = await staffVoucherWrites(tx).insert(ctx.school.id, columns);
          await recordAudit(tx, ctx.audit, { action: 'voucher.create', subject: { type: 'voucher', id: saved.id }, after: audited(columns) });
          return saved;
        })
        .catch(codeTaken);
      return present(ctx, (await repo.find(ctx.school.id, row.id))!);
    },

    async save(ctx: StaffContext, id: number, version: number, body: VoucherFields) {
      const found = await load(ctx, id);
      const columns = await columnsOf(ctx, body, found.voucher.usedCount);
      const v = found.voucher;
      const before: VoucherColumns = { code: v.code, type: v.type, value: v.value, courseId: v.courseId, bundleId: v.bundleId, usageLimit: v.usageLimit, perUserLimit: v.perUserLimit, startsAt: v.startsAt, endsAt: v.endsAt, isActive: v.isActive };
      const saved = await app.db
        .transaction(async (tx) => {
          const row = await staffVoucherWrites(tx).update(ctx.school.id, id, version, columns);
          if (row) await recordAudit(tx, ctx.audit, { action: 'voucher.update', subject: { type: 'voucher', id }, before: audited(before), after: audited(columns) });
          return row;
        })
        .catch(codeTaken);
      const current = (await repo.find(ctx.school.id, id))!;
      if (!saved) throw await staleWrite(app.db, ctx.school.id, { type: 'voucher', id }, present(ctx, current), current.voucher.version);
      return present(ctx, current);
    },
  };
}
