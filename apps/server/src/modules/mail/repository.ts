import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolRowColumns } from '../../db/school-columns';
import { schools } from '../../db/schema/index';
import type { SchoolRow } from '../tenancy/repository';

export function mailRepository(db: Db) {
  return {
    /** The school a message is sent for, while its site is open. */
    async findActive(schoolId: number): Promise<SchoolRow | undefined> {
      const [row] = await db.select(schoolRowColumns).from(schools).where(and(eq(schools.id, schoolId), eq(schools.isActive, true))).limit(1);
      return row;
    },
  };
}
