import type { FastifyInstance } from 'fastify';
import type { StaffStudentQuery } from '@school/shared/staff/students';
import { allowedTo, definePolicy } from '../../lib/policy';
import { pageOf } from '../../lib/pagination';
import { fullName } from '../account/presenter';
import type { StaffContext } from '../staff/context';
import { staffStudentRepository } from './staff-student-repository';

/** A school's students are listed to its administrators (enrolment.manage) and to instructors (their courses' students). */
const studentsPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { list: (actor) => allowedTo('enrolment.manage')(actor) || actor.staffRole === 'IN' },
});

/** The console's students: who studies at the school, searched and paged on the server. */
export function staffStudentService(app: FastifyInstance) {
  const repo = staffStudentRepository(app.db);
  return {
    async list(ctx: StaffContext, query: StaffStudentQuery, perPage: number) {
      studentsPolicy.authorize(ctx.actor, 'list', ctx.school);
      const filter = { search: query.search || undefined, courseId: query.course, instructorId: ctx.actor.staffRole === 'IN' ? ctx.actor.userId : undefined };
      const { rows, total } = await repo.page(ctx.school.id, filter, perPage, (query.page - 1) * perPage);
      const data = rows.map((r) => ({
        id: r.user.id,
        name: fullName(r.user) || r.user.username,
        email: r.user.email,
        roll_number: r.rollNumber,
        courses: r.courses,
        enrolled_at: r.enrolledAt?.toISOString() ?? null,
        last_active_at: r.lastActiveAt?.toISOString() ?? null,
      }));
      return pageOf(data, total, query.page, perPage);
    },
  };
}
