import type { FastifyInstance } from 'fastify';
import { identityStatusLabels, type StaffStudentDetail, type StaffStudentQuery } from '@school/shared/staff/students';
import { allowedTo, can, definePolicy } from '../../lib/policy';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import { fullName } from '../account/presenter';
import type { StaffContext } from '../staff/context';
import { staffStudentRepository } from './staff-student-repository';

/** A school's students are listed to its administrators (enrolment.manage) and to instructors (their courses' students). */
const studentsPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { list: (actor) => allowedTo('enrolment.manage')(actor) || actor.staffRole === 'IN' },
});

/** A student's page lists their latest forum posts, this many. */
const FORUM_LATEST = 5;

/** The console's students: who studies at the school, searched and paged on the server. */
export function staffStudentService(app: FastifyInstance) {
  const repo = staffStudentRepository(app.db);
  const scopeOf = (ctx: StaffContext) => ({ instructorId: ctx.actor.staffRole === 'IN' ? ctx.actor.userId : undefined });

  return {
    /** A student's page; somebody who is not a student of the school (an instructor: of their courses) is 404. */
    async get(ctx: StaffContext, userId: number): Promise<StaffStudentDetail> {
      studentsPolicy.authorize(ctx.actor, 'list', ctx.school);
      const scope = scopeOf(ctx);
      const found = await repo.student(ctx.school.id, userId, scope);
      if (!found) throw notFound();
      const [enrolments, bundles, identity, forum] = await Promise.all([
        repo.enrolments(ctx.school.id, userId, scope),
        // A bundle holds courses an instructor may not teach: administrators see them.
        scope.instructorId === undefined ? repo.bundles(ctx.school.id, userId) : [],
        // Identity checks are for those who review them (kyc.review), as everywhere else.
        can(ctx.actor, 'kyc.review') ? repo.latestIdentityCheck(ctx.school.id, userId) : null,
        repo.forum(ctx.school.id, userId, FORUM_LATEST, can(ctx.actor, 'forum.moderate')),
      ]);
      const posts = [
        ...forum.asked.map((p) => ({ kind: 'question' as const, ...p })),
        ...forum.answered.map((p) => ({ kind: 'answer' as const, ...p })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, FORUM_LATEST);
      const { user, mcle } = found;
      return {
        id: user.id,
        name: fullName(user) || user.username,
        email: user.email,
        username: user.username,
        joined_at: user.createdAt.toISOString(),
        mcle: mcle?.rollNumber ? { roll_number: mcle.rollNumber, ibp_chapter: mcle.chapter, company: mcle.company ?? '' } : null,
        identity: identity ? { status: identityStatusLabels[identity.status] ?? identity.status, at: identity.at.toISOString() } : null,
        enrolments: enrolments.map((e) => ({
          id: e.enrolment.id,
          course: e.course,
          class_name: e.className,
          status: e.enrolment.status,
          progress: e.enrolment.progress,
          enrolled_at: e.enrolment.dateEnrolled.toISOString(),
          completed_at: e.enrolment.dateCompleted?.toISOString() ?? null,
          certificate: e.certificate?.code ? { code: e.certificate.code, issued_at: e.certificate.issuedAt!.toISOString(), revoked: e.certificate.revokedAt !== null } : null,
        })),
        bundles: bundles.map((b) => ({ id: b.id, name: b.name, status: b.status, enrolled_at: b.enrolledAt.toISOString() })),
        forum: {
          questions: forum.questions,
          answers: forum.answers,
          comments: forum.comments,
          latest: posts.map((p) => ({ kind: p.kind, question_id: p.questionId, title: p.title, at: p.at.toISOString(), hidden: p.hiddenAt !== null })),
        },
      };
    },

    async list(ctx: StaffContext, query: StaffStudentQuery, perPage: number) {
      studentsPolicy.authorize(ctx.actor, 'list', ctx.school);
      const filter = { search: query.search || undefined, courseId: query.course, ...scopeOf(ctx) };
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
