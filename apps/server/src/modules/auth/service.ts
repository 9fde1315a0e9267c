import type { FastifyInstance } from 'fastify';
import { authMessages, serverMessages, sessionMessages } from '@school/shared/auth/messages';
import type { ChangePasswordBody, LoginBody, RegisterBody, ResetBody, Role } from '@school/shared/auth/schemas';
import { hashKey, hashPassword, newKey, verifyPassword } from '../../lib/crypto';
import { DomainError, formError, invalid, notFound } from '../../lib/errors';
import type { Db, Tx } from '../../db/client';
import { grantSignupReward } from '../wallet/service';
import { recordEvent } from '../events/service';
import { emailQueue } from '../mail/send-email';
import type { SchoolRow } from '../tenancy/repository';
import { schoolUrl } from '../tenancy/resolve-domain';
import { fullName, presentProfile } from '../account/presenter';
import { accountService } from '../account/service';
import { presentToken } from './presenter';
import { authRepository, loginKeyOfUser, type AuthRepository, type UserRow } from './repository';
import { throttled } from './throttle';
import { isUniqueViolation } from '../../lib/db-errors';

const USERNAME = /^[\w.+-]+$/;
const HOUR = 3_600_000;
const SIGN_IN_CODE_TTL_SECONDS = 60;
/** How long the link of a school's invitation (a roster import) lets its address choose a password. */
export const INVITATION_DAYS = 7;

/** Refuses a username that cannot be one; an address as a username would block its owner's sign-up and catch their reset mail. */
function checkUsername(username: string) {
  if (username.includes('@')) throw invalid({ username: serverMessages.usernameLooksLikeEmail });
  if (!USERNAME.test(username)) throw invalid({ username: serverMessages.usernameInvalid });
  if (username.length > 150) throw invalid({ username: serverMessages.usernameTooLong });
}

/** Refuses a username or an address already in use, naming each. */
async function refuseTaken(repo: AuthRepository, username: string, email: string) {
  const taken = await repo.usernameOrEmailTaken(username, email);
  if (taken.username || taken.email) {
    throw new DomainError(400, {
      ...(taken.username ? { username: [serverMessages.usernameTaken] } : {}),
      ...(taken.email ? { email: [serverMessages.emailTaken] } : {}),
    });
  }
}

/** Two sign-ups racing for one name or address: the unique index decides, and the loser hears which. */
function raceRefusal(error: unknown): never {
  if (isUniqueViolation(error)) {
    const e = error as { constraint?: string; cause?: { constraint?: string } };
    const emailClash = (e.constraint ?? e.cause?.constraint ?? '').includes('email');
    throw invalid(emailClash ? { email: serverMessages.emailTaken } : { username: serverMessages.usernameTaken });
  }
  throw error;
}

export function authService(app: FastifyInstance) {
  const repo = authRepository(app.db);
  const emails = emailQueue(app);
  const accounts = accountService(app);
  const { config } = app;

  async function issueToken(user: { id: number; role: Role }, persistent: boolean) {
    const token = newKey();
    const ttlHours = persistent ? config.TOKEN_TTL_HOURS : config.SESSION_TOKEN_TTL_HOURS;
    const expiresAt = new Date(Date.now() + ttlHours * HOUR);
    await repo.createToken({ userId: user.id, keyHash: hashKey(token), persistent, expiresAt });
    const studentId = user.role === 'ST' ? await repo.findStudentId(user.id) : null;
    return presentToken({ token, userId: user.id, studentId, role: user.role, expiresAt });
  }

  async function requireHuman(token: string | undefined, ip: string) {
    if (!(await app.humanCheck.verify(token, ip))) throw formError(serverMessages.humanCheckFailed);
  }

  /** A new verification link and its e-mail, both in `tx`: the mail goes out only if the link was kept. */
  async function sendVerification(tx: Db, user: UserRow, school: SchoolRow) {
    const key = newKey();
    await authRepository(tx).createLink({
      userId: user.id,
      purpose: 'verify_email',
      keyHash: hashKey(key),
      expiresAt: new Date(Date.now() + config.VERIFY_TOKEN_TTL_HOURS * HOUR),
    });
    const link = schoolUrl(config.SCHOOL_URL_TEMPLATE, school, `/student/verified/?key=${encodeURIComponent(key)}`);
    await emails.send({ tx, schoolId: school.id, to: user.email, template: 'verify-email', params: { link, hours: config.VERIFY_TOKEN_TTL_HOURS } });
  }

  /**
   * A student account, its sign-up event and the school's sign-up reward in one transaction; `then` adds more
   * to the same transaction.
   */
  async function createStudent(input: Parameters<AuthRepository['createStudent']>[0], school: SchoolRow, then?: (tx: Db, user: UserRow) => Promise<void>) {
    return app.db.transaction(async (tx) => {
      const created = await authRepository(tx).createStudent(input);
      await recordEvent(tx, {
        schoolId: input.schoolId,
        actorId: created.user.id,
        type: 'user.signed_up',
        subjectId: created.user.id,
        data: { method: input.social?.provider ?? 'password' },
      });
      await grantSignupReward(tx, school, created.user.id);
      await then?.(tx, created.user);
      return created;
    });
  }

  /**
   * A student account the school makes for an address it enrols (a roster import), in the caller's transaction:
   * no password yet, a link to choose one (which verifies the address) and the invitation that carries it.
   */
  async function inviteStudent(tx: Tx, email: string, school: SchoolRow, course: string) {
    const local = email.split('@')[0]!.replace(/[^\w.+-]/g, '').slice(0, 30) || 'student';
    const username = `${local}-${newKey().slice(0, 6).toLowerCase()}`;
    const { user } = await authRepository(tx).createStudent({ username, email, passwordHash: null, schoolId: school.id });
    await recordEvent(tx, { schoolId: school.id, actorId: null, type: 'user.signed_up', subjectId: user.id, data: { method: 'invitation' } });
    await grantSignupReward(tx, school, user.id);
    const key = newKey();
    await authRepository(tx).createLink({ userId: user.id, purpose: 'reset_password', keyHash: hashKey(key), expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * HOUR) });
    const link = schoolUrl(config.SCHOOL_URL_TEMPLATE, school, `/reset_password/${Buffer.from(`${user.id}:${key}`).toString('base64url')}`);
    await emails.send({ tx, schoolId: school.id, to: email, template: 'invitation', params: { link, course, days: INVITATION_DAYS } });
    return user;
  }

  return {
    inviteStudent,

    /**
     * Failures count per account whichever of its names was typed (per typed name when there is no such
     * account, so that both answer alike), from every address together.
     */
    async login(body: LoginBody) {
      const user = await repo.findUserByLogin(body.username);
      // Hashed: a name of any length fits the key's index.
      const key = user ? loginKeyOfUser(user.id) : `name:${hashKey(body.username.trim().toLowerCase())}`;
      const wait = await repo.claimLoginAttempt(key);
      if (wait > 0) throw throttled(wait);
      const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!user || !ok) throw formError(serverMessages.badCredentials);
      await repo.clearLoginFailures(key);
      return issueToken(user, body.remember_me ?? false);
    },

    /** A single-use code, valid for a minute, that carries the caller's session to another school's host. */
    async createSignInCode(userId: number, tokenId: number) {
      const code = newKey();
      await repo.createLink({
        userId,
        purpose: 'sign_in',
        keyHash: hashKey(code),
        expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_SECONDS * 1000),
        sourceTokenId: tokenId,
      });
      return { code, expires_in: SIGN_IN_CODE_TTL_SECONDS };
    },

    /** Whose account a sign-in code opens, so that the page can say so before using it. */
    async signInCodeHolder(code: string) {
      const holder = await repo.findLinkUser('sign_in', hashKey(code));
      if (!holder) throw invalid({ code: sessionMessages.invalidToken });
      return { id: holder.id, username: holder.username, email: holder.email, full_name: fullName(holder) };
    },

    async redeemSignInCode(code: string) {
      const redeemed = await repo.redeemSignInCode(hashKey(code));
      if (!redeemed) throw invalid({ code: sessionMessages.invalidToken });
      return { ...(await issueToken(redeemed.user, redeemed.remember)), remember: redeemed.remember };
    },

    async logout(tokenId: number) {
      await repo.deleteToken(tokenId);
    },

    async register(body: RegisterBody, school: SchoolRow, ip: string) {
      if (body.school !== undefined && body.school !== school.id) throw invalid({ school: 'Invalid school.' });
      checkUsername(body.username);
      await requireHuman(body['g-recaptcha-response'], ip);
      await refuseTaken(repo, body.username, body.email);
      const passwordHash = await hashPassword(body.password1);
      const student = { username: body.username, email: body.email, passwordHash, schoolId: school.id };
      const { user } = await createStudent(student, school, (tx, created) => sendVerification(tx, created, school)).catch(raceRefusal);
      return { ...(await issueToken(user, false)), email: user.email };
    },

    /**
     * A staff account for a team invitation, in the caller's transaction: verified, since the invitation's link
     * reached the address. The membership is the caller's to add.
     */
    async createStaffAccount(tx: Tx, input: { username: string; email: string; password: string; firstName: string; lastName: string; role: 'SA' | 'IN'; schoolId: number }) {
      checkUsername(input.username);
      const writes = authRepository(tx);
      await refuseTaken(writes, input.username, input.email);
      const passwordHash = await hashPassword(input.password);
      return writes.createStaffUser({ ...input, passwordHash }).catch(raceRefusal);
    },

    /** For the signed-in caller, or for an address typed by someone who is not signed in. */
    async resendVerification(input: { email?: string; userId?: number; humanToken?: string; ip: string; school: SchoolRow }) {
      if (!input.userId && !input.email) throw invalid({ email: authMessages.emailRequired });
      await requireHuman(input.humanToken, input.ip);
      const user = input.userId ? await repo.findUserById(input.userId) : await repo.findUserByEmail(input.email!);
      if (input.userId && user?.isVerified) throw formError(serverMessages.alreadyVerified);
      // Anonymous callers hear the same answer whether or not the address has an account.
      if (user && !user.isVerified) await app.db.transaction((tx) => sendVerification(tx, user, input.school));
      return { message: serverMessages.resendSent };
    },

    async verifyEmail(key: string, school: SchoolRow) {
      const userId = await app.db.transaction(async (tx) => {
        const verified = await authRepository(tx).verifyEmailWithLink(hashKey(key));
        if (verified) await recordEvent(tx, { schoolId: school.id, actorId: verified, type: 'user.email_verified', subjectId: verified });
        return verified;
      });
      if (!userId) throw invalid({ key: serverMessages.verifyLinkInvalid });
      return { message: 'Email verified.' };
    },

    async forgotPassword(email: string, humanToken: string | undefined, ip: string, school: SchoolRow) {
      await requireHuman(humanToken, ip);
      const user = await repo.findUserByEmail(email);
      if (user) {
        const key = newKey();
        const uidAndToken = Buffer.from(`${user.id}:${key}`).toString('base64url');
        const link = schoolUrl(config.SCHOOL_URL_TEMPLATE, school, `/reset_password/${uidAndToken}`);
        // The link and its e-mail together; the worker sends it (with retries), so the answer is the same
        // whether or not the mail server is up, as for unknown addresses.
        await app.db.transaction(async (tx) => {
          await authRepository(tx).createLink({
            userId: user.id,
            purpose: 'reset_password',
            keyHash: hashKey(key),
            expiresAt: new Date(Date.now() + config.RESET_TOKEN_TTL_MINUTES * 60_000),
          });
          await emails.send({ tx, schoolId: school.id, to: user.email, template: 'reset-password', params: { link, minutes: config.RESET_TOKEN_TTL_MINUTES } });
        });
      }
      return { message: serverMessages.forgotSent };
    },

    async resetPassword(body: ResetBody, ip: string, school: SchoolRow) {
      await requireHuman(body['g-recaptcha-response'], ip);
      const [uid = '', key] = Buffer.from(body.uid_and_token_b64, 'base64url').toString('utf8').split(':');
      const userId = /^\d{1,9}$/.test(uid) ? Number(uid) : NaN;
      const hash = await hashPassword(body.password);
      const done =
        Number.isSafeInteger(userId) && key
          ? await app.db.transaction(async (tx) => {
              const reset = await authRepository(tx).resetPasswordWithLink(hashKey(key), userId, hash);
              if (reset) await recordEvent(tx, { schoolId: school.id, actorId: userId, type: 'user.password_reset', subjectId: userId });
              return reset;
            })
          : false;
      if (!done) throw invalid({ uid_and_token_b64: serverMessages.resetLinkInvalid });
      return { message: 'Password has been reset.' };
    },

    async changePassword(userId: number, tokenId: number, body: ChangePasswordBody) {
      if (!(await verifyPassword(body.old_password, await repo.findPasswordHash(userId)))) {
        throw invalid({ old_password: serverMessages.oldPasswordWrong });
      }
      await repo.changePassword(userId, await hashPassword(body.new_password1), tokenId);
      return { message: 'Password changed.' };
    },

    async profile(userId: number) {
      const row = await accounts.findAccount(userId);
      if (!row) throw notFound();
      return presentProfile(app.storage, row);
    },

    issueToken,
    createStudent,
    /** For social sign-in: the account that uses an address, and whether a username or an address is taken. */
    findUserByEmail: (email: string) => repo.findUserByEmail(email),
    usernameOrEmailTaken: (username: string, email: string) => repo.usernameOrEmailTaken(username, email),
  };
}
