import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { StaffContext } from '../staff/context';
import { staffCoursePolicy } from './policy';
import { staffCourseRepository } from './staff-repository';

type CourseRow = { id: number; schoolId: number; isPublished: boolean };

/**
 * Who may edit what a course holds (its modules, lessons, their questions): 404 for another school's, 403 or 404
 * (a draft) for an instructor's other course. Every staff editor of a course's content asks this.
 */
export function staffCourseEditing(db: Db) {
  const repo = staffCourseRepository(db);

  async function authorize(ctx: StaffContext, course: CourseRow) {
    const instructors = await repo.instructorsOf([course.id]);
    staffCoursePolicy.authorize(ctx.actor, 'update', { ...course, instructorIds: (instructors.get(course.id) ?? []).map((i) => i.id) });
  }

  return {
    authorize,

    /** The lesson with its course and whether a student started it, once the editor may edit it. */
    async lesson(ctx: StaffContext, id: number) {
      const found = await repo.findLesson(ctx.school.id, id);
      if (!found) throw notFound();
      await authorize(ctx, found.course);
      return found;
    },
  };
}
