import { PRODUCT_FLAGS, type PlatformSchool, type ProductFlags, type SchoolHost } from '@school/shared/platform/schools';
import type { schoolDomains } from '../../db/schema/index';
import { schoolUrl } from '../tenancy/resolve-domain';
import type { PlatformSchoolRow } from './repository';

export function presentPlatformSchool(row: PlatformSchoolRow, urlTemplate: string): PlatformSchool {
  const { school } = row;
  return {
    id: school.id,
    name: school.name,
    domain: school.domain,
    is_active: school.isActive,
    products: Object.fromEntries(PRODUCT_FLAGS.map((flag) => [flag, school.products[flag]])) as ProductFlags,
    primary_host: school.primaryHost,
    address: schoolUrl(urlTemplate, school, '/'),
    students: row.students,
    courses: row.courses,
    staff: row.staff,
    enrolments: row.enrolments,
    created_at: school.createdAt.toISOString(),
    version: school.version,
  };
}

export const presentHost = (row: typeof schoolDomains.$inferSelect): SchoolHost => ({
  id: row.id,
  host: row.host,
  is_primary: row.isPrimary,
  created_at: row.createdAt.toISOString(),
});
