import type { FastifyInstance } from 'fastify';
import type { ClassEvent, MyClassesQuery } from '@school/shared/schedule/schemas';
import type { SignedInActor } from '../auth/actor';
import { coursePolicy } from '../catalogue/policy';
import type { SchoolRow } from '../tenancy/repository';
import { calendarPolicy } from './policy';
import { byStart, presentRoomEvent, presentScheduleEvent } from './presenter';
import { scheduleRepository } from './repository';

export function scheduleService(app: FastifyInstance) {
  const repo = scheduleRepository(app.db);
  return {
    /**
     * My Classes between two days (inclusive) at the site's school: the sessions of the classes the
     * student's enrolments name and the live classes of their courses, enrolments paid, free or pay later.
     * Courses the student may no longer see (unpublished since) drop out, as they do from the player.
     */
    async myClasses(actor: SignedInActor, school: SchoolRow, query: MyClassesQuery): Promise<ClassEvent[]> {
      calendarPolicy.authorize(actor, 'view', { userId: actor.userId, schoolId: school.id });
      const range = { userId: actor.userId, schoolId: school.id, dateStart: query.date_start, dateEnd: query.date_end };
      const [schedules, rooms] = await Promise.all([repo.classSchedules(range), repo.liveClasses(range)]);
      const visible = (row: { course: { schoolId: number; isPublished: boolean } }) => coursePolicy.can(actor, 'view', row.course);
      return [
        ...schedules.filter(visible).map((row) => presentScheduleEvent(row, school.timeZone)),
        ...rooms.filter(visible).map((row) => presentRoomEvent(row, school.timeZone)),
      ].sort(byStart);
    },
  };
}
