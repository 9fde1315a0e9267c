import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLinks, authTokens, loginFailures, schoolMemberships, socialAccounts, students, users } from '../../db/schema/index';
import { LOGIN_FAILURE_MEMORY_SECONDS, loginDelaySeconds } from './login-delay';

export type UserRow = typeof users.$inferSelect;
export type LinkPurpose = 'verify_email' | 'reset_password' | 'sign_in';

const lower = (value: string) => value.trim().toLowerCase();

/** The token's user and their membership at the site's school (see findActiveToken). */
type ActiveToken = ReturnType<typeof prepareActiveToken>;
const prepareActiveToken = (db: Db) =>
  db
    .select({ tokenId: authTokens.id, userId: users.id, role: users.role, staffRole: schoolMemberships.role })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(schoolMemberships, and(eq(schoolMemberships.userId, users.id), eq(schoolMemberships.schoolId, sql.placeholder('schoolId'))))
    .where(and(eq(authTokens.keyHash, sql.placeholder('keyHash')), gt(authTokens.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('auth_active_token');

export function authRepository(db: Db) {
  let activeToken: ActiveToken | undefined;
  return {
    /** By username or e-mail; an exact e-mail match wins, so that no username can shadow an address. */
    async findUserByLogin(identifier: string): Promise<UserRow | undefined> {
      const key = lower(identifier);
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.username})`, key), eq(sql`lower(${users.email})`, key)))
        .orderBy(sql`(lower(${users.email}) = ${key}) desc`)
        .limit(1);
      return row;
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, lower(email))).limit(1);
      return row;
    },

    async findUserById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async findStudentId(userId: number): Promise<number | null> {
      const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId)).limit(1);
      return row?.id ?? null;
    },

    /** Whether the name or the address is in use, as either a username or an e-mail, whatever the case. */
    async usernameOrEmailTaken(username: string, email: string) {
      const keys = [lower(username), lower(email)];
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(inArray(sql`lower(${users.username})`, keys), inArray(sql`lower(${users.email})`, keys)));
      const used = new Set(rows.flatMap((r) => [lower(r.username), lower(r.email)]));
      return { username: used.has(lower(username)), email: used.has(lower(email)) };
    },

    /** A student account: the user row and its student row, both or neither. */
    createStudent(input: { username: string; email: string; passwordHash: string | null; schoolId: number; isVerified?: boolean; firstName?: string; lastName?: string; social?: { provider: 'google' | 'facebook'; subject: string } }) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            passwordHash: input.passwordHash,
            role: 'ST',
            schoolId: input.schoolId,
            isVerified: input.isVerified ?? false,
            firstName: input.firstName ?? '',
            lastName: input.lastName ?? '',
          })
          .returning();
        const [student] = await tx.insert(students).values({ userId: user!.id }).returning({ id: students.id });
        if (input.social) await tx.insert(socialAccounts).values({ ...input.social, userId: user!.id });
        return { user: user!, studentId: student!.id };
      });
    },

    /** A staff account (SA or IN): no student row; its memberships say where it works. */
    async createStaffUser(input: { username: string; email: string; passwordHash: string; firstName: string; lastName: string; role: 'SA' | 'IN'; schoolId: number }) {
      const [user] = await db.insert(users).values({ ...input, isVerified: true }).returning();
      return user!;
    },

    async createToken(input: { userId: number; keyHash: string; persistent: boolean; expiresAt: Date }) {
      await db.insert(authTokens).values(input);
    },

    /** The token's user with their staff role at the site's school (null: not staff there, or no school). */
    async findActiveToken(keyHash: string, schoolId: number | null) {
      // Every signed-in request asks: built once, a named statement on PostgreSQL.
      activeToken ??= prepareActiveToken(db);
      const [row] = await activeToken.execute({ keyHash, schoolId: schoolId ?? -1 });
      return row;
    },

    async deleteToken(tokenId: number) {
      await db.delete(authTokens).where(eq(authTokens.id, tokenId));
    },

    async createLink(input: { userId: number; purpose: LinkPurpose; keyHash: string; expiresAt: Date; sourceTokenId?: number }) {
      await db.insert(accountLinks).values(input);
    },

    /** The user a usable link belongs to, without using it up. */
    async findLinkUser(purpose: LinkPurpose, keyHash: string) {
      const [row] = await db
        .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix })
        .from(accountLinks)
        .innerJoin(users, eq(users.id, accountLinks.userId))
        .where(and(eq(accountLinks.keyHash, keyHash), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt), gt(accountLinks.expiresAt, sql`now()`)))
        .limit(1);
      return row;
    },

    /** Uses a sign-in code up and answers its user and whether the session it came from is remembered, once. */
    async redeemSignInCode(keyHash: string) {
      const link = await consumeLinkIn(db, 'sign_in', keyHash);
      if (!link?.sourceTokenId) return undefined;
      const [row] = await db
        .select({ user: users, remember: authTokens.persistent })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(eq(authTokens.id, link.sourceTokenId))
        .limit(1);
      return row;
    },

    /**
     * Counts a login try against `key` before the password is checked, unless the key must still wait:
     * answers the seconds left then. Counting first means parallel guesses cannot slip past the limit.
     */
    async claimLoginAttempt(key: string): Promise<number> {
      return db.transaction(async (tx) => {
        const now = new Date();
        // One statement creates or locks the row, so a delete in between (a success, the cleanup) cannot lose it.
        const [row] = await tx
          .insert(loginFailures)
          .values({ key, failures: 0, lockedUntil: now, lastAttemptAt: now })
          .onConflictDoUpdate({ target: loginFailures.key, set: { key: sql`excluded.key` } })
          .returning();
        const wait = row!.lockedUntil.getTime() - now.getTime();
        if (wait > 0) return wait / 1000;
        const forgotten = now.getTime() - row!.lastAttemptAt.getTime() > LOGIN_FAILURE_MEMORY_SECONDS * 1000;
        const failures = (forgotten ? 0 : row!.failures) + 1;
        const lockedUntil = new Date(now.getTime() + loginDelaySeconds(failures) * 1000);
        await tx.update(loginFailures).set({ failures, lockedUntil, lastAttemptAt: now }).where(eq(loginFailures.key, key));
        return 0;
      });
    },

    async clearLoginFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    /** Verifies the e-mail of the link's user and answers the user's id; null when the link is not usable. */
    async verifyEmailWithLink(keyHash: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const link = await consumeLinkIn(tx, 'verify_email', keyHash);
        if (!link) return null;
        await tx.update(users).set({ isVerified: true, updatedAt: new Date() }).where(eq(users.id, link.userId));
        return link.userId;
      });
    },

    /**
     * Sets a new password through a reset link, in one transaction: every session and every other reset
     * link ends, and so does any login delay (the owner has proved who they are).
     */
    async resetPasswordWithLink(keyHash: string, userId: number, passwordHash: string) {
      return db.transaction(async (tx) => {
        const link = await consumeLinkIn(tx, 'reset_password', keyHash, userId);
        if (!link) return false;
        await tx.update(users).set({ passwordHash, isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx.delete(authTokens).where(eq(authTokens.userId, userId));
        await endResetLinksIn(tx, userId);
        await tx.delete(loginFailures).where(eq(loginFailures.key, loginKeyOfUser(userId)));
        return true;
      });
    },

    /** Sets a new password: every other session and every outstanding reset link of the user ends. */
    async changePassword(userId: number, passwordHash: string, keepTokenId: number) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)));
        await endResetLinksIn(tx, userId);
      });
    },

    async findPasswordHash(userId: number) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.hash ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;

/** The login-failure key of an account, whichever of its names was typed. */
export const loginKeyOfUser = (userId: number) => `user:${userId}`;

async function endResetLinksIn(db: Db, userId: number) {
  await db
    .update(accountLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(accountLinks.userId, userId), eq(accountLinks.purpose, 'reset_password'), isNull(accountLinks.usedAt)));
}

/** Marks a link used and answers its user, or undefined when unknown, expired or already used. */
async function consumeLinkIn(db: Db, purpose: LinkPurpose, keyHash: string, userId?: number) {
  const [row] = await db
    .update(accountLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountLinks.keyHash, keyHash),
        eq(accountLinks.purpose, purpose),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, sql`now()`),
        userId === undefined ? undefined : eq(accountLinks.userId, userId),
      ),
    )
    .returning({ userId: accountLinks.userId, sourceTokenId: accountLinks.sourceTokenId });
  return row;
}
