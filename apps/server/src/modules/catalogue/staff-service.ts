import type { FastifyInstance } from 'fastify';
import { slugFor } from '@school/shared/catalogue/rules';
import {
  courseMessages,
  courseSettingsProblems,
  defaultCourseSettings,
  instructorMessages,
  publishProblems,
  STAFF_PAGE_SIZE,
  type CourseCreate,
  type CoursePatch,
  type CourseSettings,
  type LessonType,
  type StaffCourseListQuery,
} from '@school/shared/staff/courses';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { versionConflict } from '../../lib/versions';
import type { Tx } from '../../db/client';
import { lecturerMessages, type LecturerCreate } from '@school/shared/staff/lecturers';
import { recordAudit } from '../audit/service';
import { uploadService } from '../uploads/service';
import type { StaffContext } from '../staff/context';
import { courseCreationPolicy, staffCoursePolicy } from './policy';
import { columnsOf, presentStaffCourse, presentStaffCourseRow, settingsOf } from './staff-presenter';
import { staffCourseRepository, staffCourseWrites, type StaffCourseRecord } from './staff-repository';

/** The course's authoring in the staff console: every write checked, versioned and audited in one transaction. */
export function staffCourseService(app: FastifyInstance) {
  const repo = staffCourseRepository(app.db);
  const uploads = uploadService(app);

  const subject = (id: number) => ({ type: 'course', id });
  const listingOf = (r: StaffCourseRecord) => ({ schoolId: r.course.schoolId, isPublished: r.course.isPublished, instructorIds: r.instructors.map((i) => i.id) });

  async function load(ctx: StaffContext, id: number) {
    const record = await repo.find(ctx.school.id, id);
    if (!record) throw notFound();
    return record;
  }

  function present(ctx: StaffContext, record: StaffCourseRecord) {
    const listing = listingOf(record);
    const abilities = {
      update: staffCoursePolicy.can(ctx.actor, 'update', listing),
      publish: staffCoursePolicy.can(ctx.actor, 'publish', listing),
      delete: staffCoursePolicy.can(ctx.actor, 'delete', listing),
      duplicate: staffCoursePolicy.can(ctx.actor, 'duplicate', listing),
      assign: staffCoursePolicy.can(ctx.actor, 'assign', listing),
    };
    return presentStaffCourse(app.storage, record, abilities);
  }

  /** The settings' own combinations, and the subcategory and lecturer belonging to the school. */
  async function check(ctx: StaffContext, settings: CourseSettings, patch: CoursePatch, published: boolean) {
    const problems: Record<string, string> = { ...courseSettingsProblems(settings, { mcle: ctx.school.products.mcle, published }) };
    if (patch.subcategory_id && !(await repo.subcategoryExists(ctx.school.id, patch.subcategory_id))) problems.subcategory_id = courseMessages.unknownSubcategory;
    if (patch.lecturer_id && !(await repo.lecturerExists(ctx.school.id, patch.lecturer_id))) problems.lecturer_id = courseMessages.unknownLecturer;
    if (Object.keys(problems).length) throw invalid(problems);
  }

  /** The image and preview video a patch names as uploads, copied to public files first; null takes one away. */
  async function mediaColumns(ctx: StaffContext, patch: CoursePatch) {
    const columns: { image?: string | null; previewVideoType?: 'video' | null; previewVideoUrl?: string | null } = {};
    if (patch.image_upload !== undefined) columns.image = patch.image_upload && (await uploads.publicCopy(ctx, patch.image_upload, 'image', 'image_upload', 'The course image'));
    if (patch.preview_video_upload !== undefined) {
      const key = patch.preview_video_upload && (await uploads.publicCopy(ctx, patch.preview_video_upload, 'video', 'preview_video_upload', 'The preview video'));
      columns.previewVideoType = key ? 'video' : null;
      columns.previewVideoUrl = key;
    }
    return columns;
  }

  /** Refuses a write based on an older version with the course as it now stands. */
  async function conflict(ctx: StaffContext, id: number): Promise<never> {
    const current = await load(ctx, id);
    throw versionConflict(present(ctx, current), current.updatedBy, current.course.updatedAt, current.course.version);
  }

  const transaction = <T>(work: (tx: Tx) => Promise<T>) => app.db.transaction(work);

  return {
    async list(ctx: StaffContext, query: StaffCourseListQuery) {
      const own = ctx.actor.staffRole === 'IN' ? ctx.actor.userId : null;
      const { rows, total } = await repo.page(ctx.school.id, query, own, STAFF_PAGE_SIZE, (query.page - 1) * STAFF_PAGE_SIZE);
      return pageOf(rows.map(presentStaffCourseRow), total, query.page, STAFF_PAGE_SIZE);
    },

    /** The dashboard's counts, over the courses the caller's list shows. */
    async counts(ctx: StaffContext) {
      return repo.counts(ctx.school.id, ctx.actor.staffRole === 'IN' ? ctx.actor.userId : null);
    },

    async get(ctx: StaffContext, id: number) {
      const record = await load(ctx, id);
      staffCoursePolicy.authorize(ctx.actor, 'read', listingOf(record));
      return present(ctx, record);
    },

    async create(ctx: StaffContext, body: CourseCreate) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      const settings: CourseSettings = { ...defaultCourseSettings, ...body };
      await check(ctx, settings, body, false);
      const id = await transaction(async (tx) => {
        const writes = staffCourseWrites(tx);
        const row = await writes.insert({ ...columnsOf(settings), name: settings.name, slug: 'pending', isPublished: false, schoolId: ctx.school.id, updatedById: ctx.actor.userId });
        await writes.setSlug(ctx.school.id, row.id, slugFor(row.name, row.id));
        await recordAudit(tx, ctx.audit, { action: 'course.create', subject: subject(row.id), after: settingsOf(row) });
        return row.id;
      });
      return present(ctx, await load(ctx, id));
    },

    async update(ctx: StaffContext, id: number, version: number, patch: CoursePatch) {
      const record = await load(ctx, id);
      staffCoursePolicy.authorize(ctx.actor, 'update', listingOf(record));
      const before = settingsOf(record.course);
      await check(ctx, { ...before, ...patch }, patch, record.course.isPublished);
      const media = await mediaColumns(ctx, patch);
      const files = (c: { image: string | null; previewVideoUrl: string | null }) => ({ image: c.image, preview_video: c.previewVideoUrl });
      const saved = await transaction(async (tx) => {
        const writes = staffCourseWrites(tx);
        const row = await writes.update(ctx.school.id, id, version, { ...columnsOf(patch), ...media }, ctx.actor.userId);
        if (!row) return null;
        if (patch.name !== undefined) await writes.setSlug(ctx.school.id, id, slugFor(row.name, id));
        await recordAudit(tx, ctx.audit, { action: 'course.update', subject: subject(id), before: { ...before, ...files(record.course) }, after: { ...settingsOf(row), ...files(row) } });
        return row;
      });
      if (!saved) return conflict(ctx, id);
      return present(ctx, await load(ctx, id));
    },

    /** Publishing refuses a course that is not ready, listing every problem; unpublishing keeps enrolled students' access. */
    async setPublished(ctx: StaffContext, id: number, published: boolean) {
      const record = await load(ctx, id);
      staffCoursePolicy.authorize(ctx.actor, 'publish', listingOf(record));
      if (record.course.archivedAt) throw new DomainError(409, { detail: 'An archived course cannot be published.' });
      if (published) {
        const lessons = await repo.lessonsOf(ctx.school.id, id);
        const problems = publishProblems(
          settingsOf(record.course),
          lessons.map((l) => ({ ...l, type: l.type as LessonType, hasFile: Boolean(l.file), hasUrl: Boolean(l.url), hasContent: l.content.trim() !== '' })),
          { mcle: ctx.school.products.mcle },
        );
        if (problems.length) throw new DomainError(400, { detail: 'The course is not ready to publish.', problems });
      }
      if (record.course.isPublished === published) return present(ctx, record);
      const done = await transaction(async (tx) => {
        // Publishing is not an edit: it applies to the course as it is, unless it changed since it was checked.
        const row = await staffCourseWrites(tx).update(ctx.school.id, id, record.course.version, { isPublished: published }, ctx.actor.userId);
        if (row) await recordAudit(tx, ctx.audit, { action: published ? 'course.publish' : 'course.unpublish', subject: subject(id), before: { published: !published }, after: { published } });
        return row !== null;
      });
      if (!done) return conflict(ctx, id);
      return present(ctx, await load(ctx, id));
    },

    /** A course nobody enrolled in is deleted; one with enrolments is archived, and its students keep it. */
    async remove(ctx: StaffContext, id: number, version: number) {
      const record = await load(ctx, id);
      staffCoursePolicy.authorize(ctx.actor, 'delete', listingOf(record));
      const enrolled = (await repo.enrolmentCount(ctx.school.id, id)) > 0;
      const done = await transaction(async (tx) => {
        const writes = staffCourseWrites(tx);
        const gone = enrolled
          ? await writes.update(ctx.school.id, id, version, { isPublished: false, archivedAt: new Date(), isFeatured: false }, ctx.actor.userId)
          : await writes.remove(ctx.school.id, id, version);
        if (!gone) return false;
        await recordAudit(tx, ctx.audit, { action: enrolled ? 'course.archive' : 'course.delete', subject: subject(id), before: settingsOf(record.course) });
        return true;
      });
      if (!done) return conflict(ctx, id);
      return enrolled ? { outcome: 'archived' as const, detail: courseMessages.archived } : { outcome: 'deleted' as const, detail: courseMessages.deleted };
    },

    /** The school's lecturers, for the course settings' choice. */
    async lecturers(ctx: StaffContext) {
      courseCreationPolicy.authorize(ctx.actor, 'name', ctx.school);
      return repo.lecturers(ctx.school.id);
    },

    /** A lecturer added from the course settings (one name once per school, whatever its case). */
    async addLecturer(ctx: StaffContext, values: LecturerCreate) {
      courseCreationPolicy.authorize(ctx.actor, 'create', ctx.school);
      if (await repo.lecturerNamed(ctx.school.id, values.name)) throw invalid({ name: lecturerMessages.duplicate });
      return transaction(async (tx) => {
        const row = await staffCourseWrites(tx).insertLecturer(ctx.school.id, values);
        await recordAudit(tx, ctx.audit, { action: 'lecturer.create', subject: { type: 'lecturer', id: row.id }, after: { name: row.name, title: row.title } });
        return row;
      });
    },

    async instructors(ctx: StaffContext) {
      courseCreationPolicy.authorize(ctx.actor, 'assign', ctx.school);
      return repo.instructors(ctx.school.id);
    },

    /** Sets who teaches a course: instructors of the school only, recorded with the list before and after. */
    async assignInstructors(ctx: StaffContext, id: number, userIds: number[]) {
      const record = await load(ctx, id);
      staffCoursePolicy.authorize(ctx.actor, 'assign', listingOf(record));
      const known = new Set((await repo.instructors(ctx.school.id)).map((i) => i.id));
      if (userIds.some((userId) => !known.has(userId))) throw invalid({ instructors: instructorMessages.notInstructor });
      const after = [...userIds].sort((a, b) => a - b);
      await transaction(async (tx) => {
        const before = await staffCourseWrites(tx).setInstructors(id, after);
        if (JSON.stringify(before) !== JSON.stringify(after)) await recordAudit(tx, ctx.audit, { action: 'course.assign', subject: subject(id), before: { instructors: before }, after: { instructors: after } });
      });
      return present(ctx, await load(ctx, id));
    },

    /** A draft copy with the same settings and outline; live classes need their own dates, exams start without attempts. */
    async duplicate(ctx: StaffContext, id: number) {
      const record = await load(ctx, id);
      staffCoursePolicy.authorize(ctx.actor, 'duplicate', listingOf(record));
      const { id: _id, slug: _slug, createdAt: _created, enrolmentCount: _count, version: _version, updatedAt: _updated, archivedAt: _archived, ...settings } = record.course;
      const copyId = await transaction(async (tx) => {
        const writes = staffCourseWrites(tx);
        const row = await writes.insert({ ...settings, name: courseMessages.copyName(record.course.name), slug: 'pending', isPublished: false, isFeatured: false, updatedById: ctx.actor.userId });
        await writes.setSlug(ctx.school.id, row.id, slugFor(row.name, row.id));
        await writes.copyOutline(ctx.school.id, id, row.id);
        await recordAudit(tx, ctx.audit, { action: 'course.create', subject: subject(row.id), after: { ...settingsOf(row), copied_from: id } });
        return row.id;
      });
      return present(ctx, await load(ctx, copyId));
    },
  };
}
