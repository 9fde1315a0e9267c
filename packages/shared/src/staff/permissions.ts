import { z } from 'zod';

/** What a caller is at the site's school: SU everywhere, SA or IN through a membership. */
export const staffRoleSchema = z.enum(['SU', 'SA', 'IN']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * Every named permission of the staff side. Policies ask for one of these, never for a role, so that what a role
 * may do is read in one place (below) and changed there.
 */
export const permissionSchema = z.enum([
  'course.create',
  'course.update',
  'course.publish',
  'course.delete',
  'exam.update',
  'exam.grade',
  /** Changing a grade already given: administrators only, audited (issue 23). */
  'exam.regrade',
  'voucher.manage',
  /** The school's transactions in the console. */
  'payment.read',
  'payment.settle',
  /** Giving money back and ending what it bought. */
  'payment.refund',
  'member.manage',
  'enrolment.manage',
  'forum.moderate',
  'school.update',
  'kyc.review',
  /** The school's issued certificates: revoking and reissuing them, and what they print. */
  'certificate.manage',
  /** The school's reports, money included. */
  'report.read',
  /** The reports of the courses assigned to an instructor, without money. */
  'report.course',
  'audit.read',
  /** Announcements to a course's or a class's students (an instructor: of their courses). */
  'message.send',
  /** Announcements to every student of the school. */
  'message.school',
]);
export type Permission = z.infer<typeof permissionSchema>;

const everything = permissionSchema.options;

/**
 * The one map from role to permissions. An instructor's permissions hold only on the courses assigned to them
 * (the course policies check the assignment); an administrator's hold at their school; SU's at every school.
 */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  SU: everything,
  SA: everything,
  IN: ['course.update', 'exam.update', 'exam.grade', 'report.course', 'message.send'],
};

export const hasPermission = (role: StaffRole | null, permission: Permission) => role !== null && rolePermissions[role].includes(permission);

