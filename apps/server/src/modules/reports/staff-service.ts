import type { FastifyInstance } from 'fastify';
import { toPesos } from '@school/shared/payments/rules';
import type { WeekActivity } from '@school/shared/staff/reports';
import type { StaffContext } from '../staff/context';
import { reportPolicy } from './policy';
import { staffReportRepository } from './staff-repository';

const DAY = 86_400_000;

/** The dashboard's week. */
export function staffReportService(app: FastifyInstance) {
  const repo = staffReportRepository(app.db);
  return {
    async week(ctx: StaffContext, now = new Date()): Promise<WeekActivity> {
      reportPolicy.authorize(ctx.actor, 'read', ctx.school);
      const weekAgo = new Date(now.getTime() - 7 * DAY);
      const twoWeeksAgo = new Date(now.getTime() - 14 * DAY);
      const [enrolNow, enrolBefore, revenueNow, revenueBefore] = await Promise.all([
        repo.enrolments(ctx.school.id, weekAgo, now),
        repo.enrolments(ctx.school.id, twoWeeksAgo, weekAgo),
        repo.revenue(ctx.school.id, weekAgo, now),
        repo.revenue(ctx.school.id, twoWeeksAgo, weekAgo),
      ]);
      return { enrolments: { last_7_days: enrolNow, previous_7_days: enrolBefore }, revenue: { last_7_days: toPesos(revenueNow), previous_7_days: toPesos(revenueBefore) } };
    },
  };
}
