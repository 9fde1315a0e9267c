import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SignedInActor } from '../auth/actor';
import { accountPolicy } from './policy';
import { accountRepository } from './repository';

export type AccountVerb = 'view' | 'update';

/** Loads an account by student or user id for an actor, through accountPolicy (another's answers 404). */
export function accountAccess(db: Db) {
  const repo = accountRepository(db);
  async function authorized(row: Awaited<ReturnType<typeof repo.findByUserId>> | undefined, actor: SignedInActor, verb: AccountVerb) {
    if (!row) throw notFound();
    accountPolicy.authorize(actor, verb, { userId: row.user.id });
    return row;
  }
  return {
    byStudentId: async (actor: SignedInActor, studentId: number, verb: AccountVerb) => authorized(await repo.findByStudentId(studentId), actor, verb),
    byUserId: async (actor: SignedInActor, userId: number, verb: AccountVerb) => authorized(await repo.findByUserId(userId), actor, verb),
  };
}
