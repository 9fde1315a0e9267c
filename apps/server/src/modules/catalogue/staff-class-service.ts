import type { FastifyInstance } from 'fastify';
import { pesos } from '@school/shared/catalogue/rules';
import { classMessages, type ClassFields, type StaffClass } from '@school/shared/staff/classes';
import { DomainError, invalid, notFound } from '../../lib/errors';
import { recordAudit, staleWrite } from '../audit/service';
import type { StaffContext } from '../staff/context';
import { staffClassRepository, staffClassWrites } from './staff-class-repository';
import { staffCourseEditing } from './staff-lesson-access';
import { staffCourseRepository } from './staff-repository';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof staffClassRepository>['find']>>>;
type Listed = Pick<Found, 'cls' | 'enrolments' | 'sessions'>;

/**
 * A course's classes in the console: the groups a class-only course is taken in, each with its fee and its
 * sessions (the meetings My Classes shows its students). Whoever edits the course edits its classes; a class is
 * saved whole to its version, and one somebody enrolled in or paid for is never deleted.
 */
export function staffClassService(app: FastifyInstance) {
  const repo = staffClassRepository(app.db);
  const courses = staffCourseRepository(app.db);
  const editing = staffCourseEditing(app.db);

  const present = ({ cls, enrolments, sessions }: Listed): StaffClass => ({
    id: cls.id,
    name: cls.name,
    fee: pesos(cls.fee),
    enrolments,
    version: cls.version,
    sessions: sessions.map((s) => ({ id: s.id, date: s.date, start_time: s.startTime.slice(0, 5), end_time: s.endTime.slice(0, 5), instructor: s.instructor, type: s.type === 'Face to face' ? 'Face to face' : 'Online' })),
  });

  async function course(ctx: StaffContext, courseId: number) {
    const found = await courses.find(ctx.school.id, courseId);
    if (!found) throw notFound();
    await editing.authorize(ctx, found.course);
    return found.course;
  }

  async function load(ctx: StaffContext, id: number) {
    const found = await repo.find(ctx.school.id, id);
    if (!found) throw notFound();
    await editing.authorize(ctx, found.course);
    return found;
  }

  const audited = (c: ClassFields) => ({ name: c.name, fee: Math.round(c.fee * 100), sessions: c.sessions.map(({ id: _id, ...s }) => s) });
  const auditedRow = (f: Listed) => audited({ name: f.cls.name, fee: pesos(f.cls.fee), sessions: present(f).sessions });
  const unknownSession = () => invalid({ sessions: classMessages.unknownSession });

  return {
    async list(ctx: StaffContext, courseId: number) {
      await course(ctx, courseId);
      return (await repo.ofCourse(ctx.school.id, courseId)).map(present);
    },

    async create(ctx: StaffContext, courseId: number, body: ClassFields) {
      await course(ctx, courseId);
      if (body.sessions.some((s) => s.id)) throw unknownSession();
      const row = await app.db.transaction(async (tx) => {
        const writes = staffClassWrites(tx);
        const saved = await writes.insert(ctx.school.id, courseId, { name: body.name, fee: Math.round(body.fee * 100) });
        await writes.setSessions(ctx.school.id, saved.id, body.sessions);
        await recordAudit(tx, ctx.audit, { action: 'class.create', subject: { type: 'class', id: saved.id }, after: { course: courseId, ...audited(body) } });
        return saved;
      });
      return present((await repo.find(ctx.school.id, row.id))!);
    },

    async save(ctx: StaffContext, id: number, version: number, body: ClassFields) {
      const found = await load(ctx, id);
      const saved = await app.db.transaction(async (tx) => {
        const writes = staffClassWrites(tx);
        const row = await writes.update(ctx.school.id, id, version, { name: body.name, fee: Math.round(body.fee * 100) });
        if (!row) return null;
        // Throwing rolls the class's save back with it.
        if (!(await writes.setSessions(ctx.school.id, id, body.sessions))) throw unknownSession();
        await recordAudit(tx, ctx.audit, { action: 'class.update', subject: { type: 'class', id }, before: auditedRow(found), after: audited(body) });
        return row;
      });
      const current = await repo.find(ctx.school.id, id);
      if (!current) throw notFound();
      if (!saved) throw await staleWrite(app.db, ctx.school.id, { type: 'class', id }, present(current), current.cls.version);
      return present(current);
    },

    async remove(ctx: StaffContext, id: number, version: number) {
      const found = await load(ctx, id);
      const outcome = await app.db.transaction(async (tx) => {
        const writes = staffClassWrites(tx);
        const locked = await writes.lockForDelete(ctx.school.id, id, version);
        if (!locked) return 'stale' as const;
        if (locked.inUse) return 'in-use' as const;
        await writes.remove(ctx.school.id, id);
        await recordAudit(tx, ctx.audit, { action: 'class.delete', subject: { type: 'class', id }, before: auditedRow(found) });
        return 'deleted' as const;
      });
      if (outcome === 'in-use') throw new DomainError(409, { detail: classMessages.inUse });
      if (outcome === 'stale') {
        const current = await repo.find(ctx.school.id, id);
        if (!current) throw notFound();
        throw await staleWrite(app.db, ctx.school.id, { type: 'class', id }, present(current), current.cls.version);
      }
      return { detail: classMessages.deleted };
    },
  };
}
