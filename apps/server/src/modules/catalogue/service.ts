import type { FastifyInstance } from 'fastify';
import { catalogueRepository } from './repository';

/** What other modules read of the catalogue: a school's published course or bundle (the enrolment checks them). */
export function catalogueService(app: FastifyInstance) {
  const repo = catalogueRepository(app.db);
  return {
    findCourse: (schoolId: number, id: number) => repo.findCourse(schoolId, id),
    findBundle: (schoolId: number, id: number) => repo.findBundle(schoolId, id),
  };
}
