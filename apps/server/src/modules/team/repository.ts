import { and, asc, desc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseInstructors, courses, schoolMemberships, staffInvitations, users } from '../../db/schema/index';

export type InvitationRow = typeof staffInvitations.$inferSelect;
type TeamRole = 'SA' | 'IN';

const memberColumns = {
  id: schoolMemberships.id,
  userId: users.id,
  role: schoolMemberships.role,
  version: schoolMemberships.version,
  joinedAt: schoolMemberships.createdAt,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
};

/** The console's reads of a school's team and its open invitations. */
export function teamRepository(db: Db) {
  async function members(schoolId: number, memberId?: number) {
    const rows = await db
      .select(memberColumns)
      .from(schoolMemberships)
      .innerJoin(users, eq(users.id, schoolMemberships.userId))
      .where(and(eq(schoolMemberships.schoolId, schoolId), memberId === undefined ? undefined : eq(schoolMemberships.id, memberId)))
      .orderBy(desc(schoolMemberships.role), asc(users.lastName), asc(users.firstName), asc(users.username));
    const assigned = rows.length
      ? await db
          .select({ userId: courseInstructors.userId, id: courses.id, name: courses.name })
          .from(courseInstructors)
          .innerJoin(courses, and(eq(courses.id, courseInstructors.courseId), eq(courses.schoolId, schoolId)))
          .where(inArray(courseInstructors.userId, rows.map((r) => r.userId)))
          .orderBy(asc(courses.name))
      : [];
    return rows.map((row) => ({ ...row, courses: assigned.filter((a) => a.userId === row.userId).map(({ id, name }) => ({ id, name })) }));
  }

  return {
    members: (schoolId: number) => members(schoolId),
    member: async (schoolId: number, memberId: number) => (await members(schoolId, memberId))[0],

    /** Invitations neither used nor taken back, the newest first; lapsed ones included, so they can be sent again. */
    openInvitations(schoolId: number) {
      return db
        .select({ invitation: staffInvitations, inviter: { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username } })
        .from(staffInvitations)
        .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
        .where(and(eq(staffInvitations.schoolId, schoolId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
        .orderBy(sql`${staffInvitations.createdAt} desc`);
    },

    async invitationByKey(keyHash: string) {
      const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.keyHash, keyHash)).limit(1);
      return row;
    },

    /** The account that uses an address, with its kind and whether it already works at the school. */
    async accountOf(email: string, schoolId: number) {
      const [row] = await db
        .select({ id: users.id, role: users.role, memberId: schoolMemberships.id })
        .from(users)
        .leftJoin(schoolMemberships, and(eq(schoolMemberships.userId, users.id), eq(schoolMemberships.schoolId, schoolId)))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    /** Every course of the school an instructor can be given, archived ones last, by name. */
    schoolCourses(schoolId: number) {
      return db
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(eq(courses.schoolId, schoolId))
        .orderBy(sql`${courses.archivedAt} is not null`, asc(courses.name));
    },

    /** Which of `ids` are courses of the school. */
    async schoolCourseIds(schoolId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, schoolId), inArray(courses.id, ids)));
      return rows.map((r) => r.id);
    },
  };
}

/** The team's writes, each in the caller's transaction (with its audit entry). */
export function teamWrites(tx: Tx) {
  return {
    /**
     * The school's administrators, their rows locked until the transaction ends: two administrators demoting
     * each other at once wait for one another, and the second sees that the first is no longer one.
     */
    async lockAdministrators(schoolId: number) {
      const rows = await tx
        .select({ id: schoolMemberships.id })
        .from(schoolMemberships)
        .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.role, 'SA')))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** The member's new role at the version the editor loaded; null when somebody changed it since. */
    async changeRole(schoolId: number, memberId: number, version: number, role: TeamRole) {
      const [row] = await tx
        .update(schoolMemberships)
        .set({ role, version: version + 1 })
        .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.id, memberId), eq(schoolMemberships.version, version)))
        .returning({ userId: schoolMemberships.userId });
      return row ?? null;
    },

    /**
     * The account's kind follows its role when this school is its only one (the site's menus read it); an account
     * working at several schools keeps its kind, and each school's membership says what it is there.
     */
    async followRole(schoolId: number, userId: number, role: TeamRole) {
      const elsewhere = tx.select({ id: schoolMemberships.id }).from(schoolMemberships).where(and(eq(schoolMemberships.userId, userId), sql`${schoolMemberships.schoolId} <> ${schoolId}`));
      await tx.update(users).set({ role }).where(and(eq(users.id, userId), inArray(users.role, ['SA', 'IN']), notExists(elsewhere)));
    },

    /** The membership and the member's course assignments at the school; their account stays. */
    async remove(schoolId: number, memberId: number) {
      const [row] = await tx
        .delete(schoolMemberships)
        .where(and(eq(schoolMemberships.schoolId, schoolId), eq(schoolMemberships.id, memberId)))
        .returning({ userId: schoolMemberships.userId });
      if (row) await unassignAll(tx, schoolId, row.userId);
      return row ?? null;
    },

    /** An instructor's courses at the school as a whole; the previous list is returned for the audit entry. */
    async replaceCourses(schoolId: number, userId: number, courseIds: number[]) {
      const before = await unassignAll(tx, schoolId, userId);
      if (courseIds.length) await tx.insert(courseInstructors).values(courseIds.map((courseId) => ({ courseId, userId })));
      return before;
    },

    async addMember(schoolId: number, userId: number, role: TeamRole) {
      const [row] = await tx.insert(schoolMemberships).values({ schoolId, userId, role }).returning({ id: schoolMemberships.id });
      return row!.id;
    },

    /** Takes back the address's open invitation (a new one replaces it); returns the ids taken back. */
    async revokeOpenFor(schoolId: number, email: string) {
      const rows = await tx
        .update(staffInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffInvitations.schoolId, schoolId), eq(sql`lower(${staffInvitations.email})`, email.toLowerCase()), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
        .returning({ id: staffInvitations.id });
      return rows.map((r) => r.id);
    },

    async createInvitation(values: { schoolId: number; email: string; role: TeamRole; keyHash: string; invitedBy: number; expiresAt: Date }) {
      const [row] = await tx.insert(staffInvitations).values(values).returning();
      return row!;
    },

    async revoke(schoolId: number, invitationId: number) {
      const [row] = await tx
        .update(staffInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffInvitations.schoolId, schoolId), eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
        .returning();
      return row ?? null;
    },

    /** Uses the invitation once: only while open and unexpired, so a second use (or a race) changes nothing. */
    async markAccepted(invitationId: number, userId: number) {
      const [row] = await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date(), acceptedBy: userId })
        .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, new Date())))
        .returning();
      return row ?? null;
    },
  };
}

async function unassignAll(tx: Tx, schoolId: number, userId: number) {
  const rows = await tx
    .delete(courseInstructors)
    .where(and(eq(courseInstructors.userId, userId), inArray(courseInstructors.courseId, tx.select({ id: courses.id }).from(courses).where(eq(courses.schoolId, schoolId)))))
    .returning({ courseId: courseInstructors.courseId });
  return rows.map((r) => r.courseId).sort((a, b) => a - b);
}
