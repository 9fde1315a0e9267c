import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import { weekActivitySchema } from '@school/shared/staff/reports';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { staffReportService } from './staff-service';

/** The school's figures in the console (report.read). */
export const reportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = staffReportService(app);
  app.get(
    '/reports/week/',
    { schema: { ...staffRoute, summary: 'Enrolments and revenue (paid, less refunds) in the last 7 days against the 7 before, for the dashboard', response: { 200: weekActivitySchema, ...errorResponses } } },
    async (request) => reports.week(staffContextOf(request)),
  );
};
