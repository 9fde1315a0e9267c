import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@school/shared/api/errors';
import { activityReportSchema, reportQuerySchema, weekActivitySchema } from '@school/shared/staff/reports';
import { staffContextOf } from '../staff/context';
import { staffRoute } from '../staff/route-schema';
import { activityReportService } from './activity-service';
import { staffReportService } from './staff-service';

/** The school's figures in the console (report.read). */
export const reportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = staffReportService(app);
  app.get(
    '/reports/week/',
    { schema: { ...staffRoute, summary: 'Enrolments and revenue (paid, less refunds) in the last 7 days against the 7 before, for the dashboard', response: { 200: weekActivitySchema, ...errorResponses } } },
    async (request) => reports.week(staffContextOf(request)),
  );

  const activity = activityReportService(app);
  app.get(
    '/reports/activity/',
    {
      schema: {
        ...staffRoute,
        summary:
          "The school's activity over a range of its calendar days (the last 30 by default), by day, week or month, for the school or one course: enrolments, completions, certificates and MCLE units, and paid transactions' gross, vouchers, coins, gateway fees, refunds and net (pesos); per period, per course or bundle, and units by subject area",
        querystring: reportQuerySchema,
        response: { 200: activityReportSchema, ...errorResponses },
      },
    },
    async (request) => activity.activity(staffContextOf(request), request.query),
  );

  app.get(
    '/reports/courses/',
    { schema: { ...staffRoute, summary: "The school's courses by name, for choosing one report's course", response: { 200: z.array(z.object({ id: z.number(), name: z.string() })), ...errorResponses } } },
    async (request) => activity.courses(staffContextOf(request)),
  );
};
