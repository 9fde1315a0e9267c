import type { FastifyInstance } from 'fastify';
import { pesos, slugFor } from '@school/shared/catalogue/rules';
import { BUNDLE_PAGE_SIZE, bundleMessages, bundleProblems, type BundleFields, type StaffBundle, type StaffBundleListQuery } from '@school/shared/staff/bundles';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { recordAudit, staleWrite } from '../audit/service';
import type { StaffContext } from '../staff/context';
import { courseCreationPolicy } from './policy';
import { staffBundleRepository, staffBundleWrites, type BundleColumns } from './staff-bundle-repository';
import { staffCourseRepository } from './staff-repository';
import { uploadService } from '../uploads/service';
import { publicUrlOf } from '../../infra/storage/storage';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof staffBundleRepository>['find']>>>;

/**
 * The console's bundles: several courses sold together at one price. Those who create courses make them. A
 * bundle is saved whole to its version; one that somebody enrolled in or paid for is never deleted (the
 * database's keys refuse it), only unpublished, and its students keep their courses.
 */
export function staffBundleService(app: FastifyInstance) {
  const repo = staffBundleRepository(app.db);
  const courses = staffCourseRepository(app.db);
  const uploads = uploadService(app);

  const present = ({ bundle: b, enrolments, courses: members }: Found): StaffBundle => ({
    id: b.id,
    slug: b.slug,
    image: publicUrlOf(app.storage, b.image),
    name: b.name,
    description: b.description,
    subcategory_id: b.subcategoryId,
    price: pesos(b.price),
    mode_of_payment: b.modeOfPayment,
    require_kyc: b.requireKyc,
    is_featured: b.isFeatured,
    is_published: b.isPublished,
    courses: members,
    enrolments,
    version: b.version,
  });

  async function load(ctx: StaffContext, id: number) {
    courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
    const found = await repo.find(ctx.school.id, id);
    if (!found) throw notFound();
    return found;
  }

  /** The columns of a bundle once its courses and subcategory are the school's and its problems are none. */
  async function columnsOf(ctx: StaffContext, body: BundleFields): Promise<BundleColumns> {
    const known = await repo.courseChoices(ctx.school.id, body.course_ids);
    const chosen = body.course_ids.map((id) => known.find((c) => c.id === id));
    const problems = chosen.includes(undefined) ? { course_ids: bundleMessages.unknownCourse } : bundleProblems(body, chosen.filter((c) => c !== undefined));
    if (body.subcategory_id !== null && !(await courses.subcategoryExists(ctx.school.id, body.subcategory_id))) problems.subcategory_id = bundleMessages.unknownSubcategory;
    if (Object.keys(problems).length) throw invalid(problems);
    // Left out, the image stays; an upload becomes a public copy; null takes it away.
    const image = body.image_upload === undefined ? undefined : body.image_upload && (await uploads.publicCopy(ctx, body.image_upload, 'image', 'image_upload', 'The bundle image'));
    return {
      image,
      name: body.name,
      description: body.description,
      subcategoryId: body.subcategory_id,
      price: Math.round(body.price * 100),
      modeOfPayment: body.mode_of_payment,
      requireKyc: body.require_kyc,
      isFeatured: body.is_featured,
      isPublished: body.is_published,
    };
  }

  /** A course or subcategory removed between the check and the write: the database's keys refuse it. */
  const goneMeanwhile = (error: unknown): never => {
    if (isForeignKeyViolation(error)) throw invalid({ course_ids: bundleMessages.unknownCourse });
    throw error;
  };

  const audited = (columns: BundleColumns, courseIds: number[]) => ({ ...columns, courses: courseIds });

  return {
    async list(ctx: StaffContext, query: StaffBundleListQuery) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const { rows, total } = await repo.page(ctx.school.id, query, BUNDLE_PAGE_SIZE, (query.page - 1) * BUNDLE_PAGE_SIZE);
      const data = rows.map(({ bundle: b, courses: n, enrolments }) => ({ id: b.id, name: b.name, price: pesos(b.price), courses: n, enrolments, is_published: b.isPublished, version: b.version }));
      return pageOf(data, total, query.page, BUNDLE_PAGE_SIZE);
    },

    async courseChoices(ctx: StaffContext) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      return repo.courseChoices(ctx.school.id);
    },

    async get(ctx: StaffContext, id: number) {
      return present(await load(ctx, id));
    },

    async create(ctx: StaffContext, body: BundleFields) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const columns = await columnsOf(ctx, body);
      const row = await app.db
        .transaction(async (tx) => {
          const saved = await staffBundleWrites(tx).insert(ctx.school.id, columns, (id) => slugFor(body.name, id), body.course_ids);
          await recordAudit(tx, ctx.audit, { action: 'bundle.create', subject: { type: 'bundle', id: saved.id }, after: audited(columns, body.course_ids) });
          return saved;
        })
        .catch(goneMeanwhile);
      return present((await repo.find(ctx.school.id, row.id))!);
    },

    async save(ctx: StaffContext, id: number, version: number, body: BundleFields) {
      const found = await load(ctx, id);
      const columns = await columnsOf(ctx, body);
      const b = found.bundle;
      const before: BundleColumns = { image: b.image, name: b.name, description: b.description, subcategoryId: b.subcategoryId, price: b.price, modeOfPayment: b.modeOfPayment, requireKyc: b.requireKyc, isFeatured: b.isFeatured, isPublished: b.isPublished };
      const saved = await app.db
        .transaction(async (tx) => {
          const row = await staffBundleWrites(tx).update(ctx.school.id, id, version, { ...columns, slug: slugFor(body.name, id) }, body.course_ids);
          if (row) await recordAudit(tx, ctx.audit, { action: 'bundle.update', subject: { type: 'bundle', id }, before: audited(before, found.courses.map((c) => c.id)), after: audited({ ...columns, image: columns.image === undefined ? b.image : columns.image }, body.course_ids) });
          return row;
        })
        .catch(goneMeanwhile);
      const current = await repo.find(ctx.school.id, id);
      if (!current) throw notFound();
      if (!saved) throw await staleWrite(app.db, ctx.school.id, { type: 'bundle', id }, present(current), current.bundle.version);
      return present(current);
    },

    async remove(ctx: StaffContext, id: number, version: number) {
      const found = await load(ctx, id);
      const gone = await app.db
        .transaction(async (tx) => {
          const row = await staffBundleWrites(tx).remove(ctx.school.id, id, version);
          if (row) await recordAudit(tx, ctx.audit, { action: 'bundle.delete', subject: { type: 'bundle', id }, before: { name: found.bundle.name, courses: found.courses.map((c) => c.id) } });
          return row;
        })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) throw new DomainError(409, { detail: bundleMessages.inUse });
          throw error;
        });
      if (!gone) {
        const current = await repo.find(ctx.school.id, id);
        if (!current) throw notFound();
        throw await staleWrite(app.db, ctx.school.id, { type: 'bundle', id }, present(current), current.bundle.version);
      }
      return { detail: bundleMessages.deleted };
    },
  };
}
