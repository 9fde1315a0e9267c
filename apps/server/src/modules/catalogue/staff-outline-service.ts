import type { FastifyInstance } from 'fastify';
import { lessonProblem, type LessonType } from '@school/shared/staff/courses';
import { outlineMessages, sameOutline, type LessonCreate, type LessonPatch, type LiveClass, type OutlineLesson, type OutlineOrder, type StaffOutline } from '@school/shared/staff/outline';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { versionConflict } from '../../lib/versions';
import { recordAudit, staleWrite } from '../audit/service';
import { staffCourseEditing } from './staff-lesson-access';
import { sanitizeLessonHtml } from './lesson-html';
import { staffCourseRepository, staffCourseWrites } from './staff-repository';
import { rolledBack, type Tx } from '../../db/client';
import type { StaffContext } from '../staff/context';
import { uploadService } from '../uploads/service';

type Room = { date: string; startTime: string; endTime: string; useStudios: boolean; recording: string | null; attendanceMinutes: number | null };

/** A live class's session as the editor sees it: hours as HH:MM (the database keeps seconds). */
const liveClassOf = (room: Room | null): OutlineLesson['live_class'] =>
  room?.date
    ? { date: room.date, start_time: room.startTime.slice(0, 5), end_time: room.endTime.slice(0, 5), use_studios: room.useStudios, recording: room.recording, attendance_minutes: room.attendanceMinutes }
    : null;

const roomColumns = (c: LiveClass) => ({ date: c.date, startTime: c.start_time, endTime: c.end_time, useStudios: c.use_studios, recording: c.recording, attendanceMinutes: c.attendance_minutes });

/** Only the fields a lesson of that type uses are kept: a video has no body, a link no length. */
const fieldsOf: Record<LessonType, (keyof LessonPatch)[]> = {
  video: ['name', 'description', 'upload'],
  audio: ['name', 'description', 'upload'],
  ivideo: ['name', 'description', 'upload'],
  pdf: ['name', 'description', 'upload'],
  yt: ['name', 'description', 'url', 'media_seconds'],
  sc: ['name', 'description', 'url', 'media_seconds'],
  link: ['name', 'description', 'url'],
  html: ['name', 'description', 'content'],
  class: ['name', 'description', 'live_class'],
  exam: ['name', 'description'],
  survey: ['name', 'description'],
};

function columnsOf(type: LessonType, patch: LessonPatch) {
  const kept = Object.fromEntries(fieldsOf[type].filter((field) => patch[field] !== undefined).map((field) => [field, patch[field]])) as LessonPatch;
  return {
    name: kept.name,
    description: kept.description,
    url: kept.url,
    mediaSeconds: kept.media_seconds,
    content: kept.content === undefined ? undefined : sanitizeLessonHtml(kept.content),
  };
}

/** A course's outline in the staff console: modules and lessons, their order, each write versioned and audited. */
export function staffOutlineService(app: FastifyInstance) {
  const repo = staffCourseRepository(app.db);
  const uploads = uploadService(app);

  /** The lesson's columns, with the file (and a media lesson's length) of the upload it names, taken in `tx`. */
  async function lessonColumns(ctx: StaffContext, tx: Tx, type: LessonType, patch: LessonPatch) {
    const columns = columnsOf(type, patch);
    const upload = fieldsOf[type].includes('upload') ? patch.upload : undefined;
    if (!upload) return columns;
    const file = await uploads.forLesson(ctx, tx, upload, type);
    return { ...columns, file: file.file, ...(file.mediaSeconds === null ? {} : { mediaSeconds: file.mediaSeconds }) };
  }

  const editing = staffCourseEditing(app.db);
  const editable = editing.authorize;

  async function course(ctx: StaffContext, id: number) {
    const record = await repo.find(ctx.school.id, id);
    if (!record) throw notFound();
    await editable(ctx, record.course);
    return record.course;
  }

  async function outline(ctx: StaffContext, courseId: number): Promise<StaffOutline> {
    const record = await course(ctx, courseId);
    const [mods, lessons] = await Promise.all([repo.modulesOf(ctx.school.id, courseId), repo.lessonsOf(ctx.school.id, courseId)]);
    return {
      course: { id: record.id, name: record.name, slug: record.slug, version: record.version },
      modules: mods.map((m) => ({
        id: m.id,
        name: m.name,
        description: m.description,
        version: m.version,
        lessons: lessons
          .filter((l) => l.moduleId === m.id)
          .map((l) => {
            const type = l.type as LessonType;
            const readiness = { ...l, type, hasFile: Boolean(l.file), hasUrl: Boolean(l.url), hasContent: l.content.trim() !== '' };
            return {
              id: l.id,
              name: l.name,
              type,
              version: l.version,
              description: l.description,
              url: l.url,
              media_seconds: l.mediaSeconds,
              content: l.content,
              has_file: Boolean(l.file),
              exam: l.examId,
              live_class: liveClassOf(l.room),
              video_questions: l.videoQuestions,
              problem: lessonProblem(readiness),
              started: l.started,
            };
          }),
      })),
    };
  }

  const subject = (type: string, id: number) => ({ type, id });

  /** A module or lesson save refused for its version: the outline as it is, with who saved the record last. */
  const staleModule = async (ctx: StaffContext, id: number, courseId: number) =>
    staleWrite(app.db, ctx.school.id, subject('module', id), await outline(ctx, courseId), (await repo.findModule(ctx.school.id, id))?.module.version);
  const staleLesson = async (ctx: StaffContext, id: number, courseId: number) =>
    staleWrite(app.db, ctx.school.id, subject('courseware', id), await outline(ctx, courseId), (await repo.findLesson(ctx.school.id, id))?.lesson.version);

  return {
    outline,

    /** Puts modules and lessons in the order given; the order must name exactly the course's modules and lessons. */
    async reorder(ctx: StaffContext, courseId: number, version: number, order: OutlineOrder) {
      const current = await outline(ctx, courseId);
      if (!sameOutline(current.modules, order)) throw invalid({ modules: outlineMessages.outlineMismatch });
      const done = await app.db.transaction(async (tx) => {
        const writes = staffCourseWrites(tx);
        // The course's version guards the order: two editors moving lessons at once cannot both win.
        const row = await writes.update(ctx.school.id, courseId, version, {}, ctx.actor.userId);
        if (!row) return false;
        await writes.reorder(ctx.school.id, order.modules);
        const before = { order: current.modules.map((m) => ({ id: m.id, lessons: m.lessons.map((l) => l.id) })) };
        await recordAudit(tx, ctx.audit, { action: 'course.outline', subject: subject('course', courseId), before, after: { order: order.modules } });
        return true;
      });
      if (!done) {
        const record = (await repo.find(ctx.school.id, courseId))!;
        throw versionConflict(await outline(ctx, courseId), record.updatedBy, record.course.updatedAt, record.course.version);
      }
      return outline(ctx, courseId);
    },

    async addModule(ctx: StaffContext, courseId: number, values: { name: string; description?: string }) {
      await course(ctx, courseId);
      await app.db.transaction(async (tx) => {
        const row = await staffCourseWrites(tx).insertModule(ctx.school.id, courseId, values);
        await recordAudit(tx, ctx.audit, { action: 'module.create', subject: subject('module', row.id), after: { course: courseId, name: row.name } });
      });
      return outline(ctx, courseId);
    },

    async updateModule(ctx: StaffContext, id: number, version: number, values: { name?: string; description?: string }) {
      const found = await repo.findModule(ctx.school.id, id);
      if (!found) throw notFound();
      await editable(ctx, found.course);
      const saved = await app.db.transaction(async (tx) => {
        const row = await staffCourseWrites(tx).updateModule(ctx.school.id, id, version, values);
        if (row) await recordAudit(tx, ctx.audit, { action: 'module.update', subject: subject('module', id), before: { name: found.module.name, description: found.module.description }, after: { name: row.name, description: row.description } });
        return row;
      });
      if (!saved) throw await staleModule(ctx, id, found.course.id);
      return outline(ctx, found.course.id);
    },

    /** A module whose lessons nobody started is deleted with them; otherwise it stays (students' progress is kept). */
    async removeModule(ctx: StaffContext, id: number, version: number) {
      const found = await repo.findModule(ctx.school.id, id);
      if (!found) throw notFound();
      await editable(ctx, found.course);
      if (await repo.moduleStarted(ctx.school.id, id)) throw new DomainError(409, { detail: outlineMessages.moduleHasProgress });
      const gone = await app.db.transaction(async (tx) => {
        const row = await staffCourseWrites(tx).removeModule(ctx.school.id, id, version);
        if (row) await recordAudit(tx, ctx.audit, { action: 'module.delete', subject: subject('module', id), before: { course: found.course.id, name: found.module.name } });
        return row;
      });
      if (!gone) throw await staleModule(ctx, id, found.course.id);
      return outline(ctx, found.course.id);
    },

    async addLesson(ctx: StaffContext, moduleId: number, body: LessonCreate) {
      const found = await repo.findModule(ctx.school.id, moduleId);
      if (!found) throw notFound();
      await editable(ctx, found.course);
      const { type, ...fields } = body;
      await app.db.transaction(async (tx) => {
        const columns = await lessonColumns(ctx, tx, type, fields);
        const writes = staffCourseWrites(tx);
        const row = await writes.insertLesson(ctx.school.id, moduleId, { ...columns, name: body.name, type, description: columns.description ?? '', content: columns.content ?? '' });
        const live = type === 'class' && fields.live_class ? liveClassOf(await writes.saveRoom(ctx.school.id, row.id, roomColumns(fields.live_class))) : undefined;
        await recordAudit(tx, ctx.audit, { action: 'courseware.create', subject: subject('courseware', row.id), after: { module: moduleId, type, name: row.name, file: row.file, ...(live ? { live_class: live } : {}) } });
      });
      return outline(ctx, found.course.id);
    },

    async updateLesson(ctx: StaffContext, id: number, version: number, patch: LessonPatch) {
      const found = await editing.lesson(ctx, id);
      const type = found.lesson.type as LessonType;
      const liveClass = type === 'class' ? patch.live_class : undefined;
      const roomBefore = liveClass ? liveClassOf(await repo.roomOf(ctx.school.id, id)) : undefined;
      const saved = await app.db.transaction(async (tx) => {
        const writes = staffCourseWrites(tx);
        const columns = await lessonColumns(ctx, tx, type, patch);
        const row = await writes.updateLesson(ctx.school.id, id, version, columns);
        // Somebody saved first: nothing of this save stays, the upload it named included.
        if (!row) return tx.rollback();
        const roomAfter = liveClass ? liveClassOf(await writes.saveRoom(ctx.school.id, id, roomColumns(liveClass))) : undefined;
        const fields = (r: typeof row) => ({ name: r.name, description: r.description, url: r.url, media_seconds: r.mediaSeconds, content: r.content, file: r.file });
        await recordAudit(tx, ctx.audit, {
          action: 'courseware.update',
          subject: subject('courseware', id),
          before: { ...fields(found.lesson), ...(liveClass ? { live_class: roomBefore } : {}) },
          after: { ...fields(row), ...(liveClass ? { live_class: roomAfter } : {}) },
        });
        return row;
      }).catch((error: unknown) => {
        if (rolledBack(error)) return null;
        throw error;
      });
      if (!saved) throw await staleLesson(ctx, id, found.course.id);
      return outline(ctx, found.course.id);
    },

    /** A lesson nobody started is deleted; one with students' progress stays. */
    async removeLesson(ctx: StaffContext, id: number, version: number) {
      const found = await editing.lesson(ctx, id);
      if (found.started) throw new DomainError(409, { detail: outlineMessages.hasProgress });
      const gone = await app.db.transaction(async (tx) => {
        const row = await staffCourseWrites(tx).removeLesson(ctx.school.id, id, version);
        if (row) await recordAudit(tx, ctx.audit, { action: 'courseware.delete', subject: subject('courseware', id), before: { type: found.lesson.type, name: found.lesson.name } });
        return row;
      });
      if (!gone) throw await staleLesson(ctx, id, found.course.id);
      return outline(ctx, found.course.id);
    },
  };
}
