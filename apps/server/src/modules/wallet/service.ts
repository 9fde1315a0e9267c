import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { verifyMessage } from 'viem';
import { paymentMessages, walletMessage, walletMessages, WALLET_VERIFICATION_FAILED } from '@school/shared/payments/rules';
import type { Tx } from '../../db/client';
import { badRequest, invalid, notFound } from '../../lib/errors';
import { recordEvent } from '../events/service';
import type { SchoolRow } from '../tenancy/repository';
import { walletRepository, type WalletReason } from './repository';
import { isUniqueViolation } from '../../lib/db-errors';

const NONCE_TTL_MS = 10 * 60_000;
const COINS_APPROVAL_TTL_MS = 30 * 60_000;

interface Entry {
  userId: number;
  amount: number;
  description: string;
  transactionId?: number | null;
  schoolId?: number | null;
}

/**
 * The coin ledger (1 coin = 1 peso = 100 centavos). Every change writes a ledger row with the balance after it,
 * in the caller's transaction, under the wallet row's lock: the balance is never negative and always equals the
 * sum of the rows.
 */
export function walletLedger(tx: Tx) {
  const repo = walletRepository(tx);
  return {
    /**
     * Spends coins; refuses with the field error when the balance does not cover them. Coins for a bundle need
     * the owner's signed approval for that bundle (spec 3 §4), which this spends.
     */
    async debit(entry: Entry & { bundleId?: number | null }) {
      const wallet = await repo.lock(entry.userId);
      if (entry.bundleId) {
        const approval = wallet.coinsApproval;
        if (!approval || approval.bundleId !== entry.bundleId || approval.coins < entry.amount || new Date(approval.expiresAt) < new Date()) {
          throw invalid({ coins: paymentMessages.coinsSignature });
        }
        await repo.setCoinsApproval(entry.userId, null);
      }
      const balance = await repo.withdraw(entry.userId, entry.amount);
      if (balance === null) throw invalid({ coins: paymentMessages.coinsNotEnough });
      const { bundleId: _bundle, ...row } = entry;
      await repo.addEntry({ ...row, amount: -entry.amount, balanceAfter: balance, reason: 'payment' });
    },
    /** Adds coins; a credit with a once-key is paid at most once (false when it already was). */
    async credit(entry: Entry & { reason: Exclude<WalletReason, 'payment'>; onceKey?: string }) {
      await repo.lock(entry.userId);
      if (entry.onceKey && (await repo.hasOnce(entry.userId, entry.onceKey))) return false;
      const balance = await repo.deposit(entry.userId, entry.amount);
      await repo.addEntry({ ...entry, balanceAfter: balance });
      return true;
    },
  };
}

/** A school's sign-up reward (spec 1 §4): coins for the new member, once, in the sign-up's transaction. */
export async function grantSignupReward(tx: Tx, school: SchoolRow, userId: number) {
  if (!school.products.apt_coins || school.signupRewardCoins <= 0) return;
  const description = `Sign-up reward${school.rewardGroup ? ` for ${school.rewardGroup} members` : ''}: L2E Coins for a 36-unit MCLE bundle`;
  await walletLedger(tx).credit({ userId, amount: school.signupRewardCoins, reason: 'signup_reward', description, schoolId: school.id, onceKey: 'signup_reward' });
  await recordEvent(tx, { schoolId: school.id, actorId: userId, type: 'wallet.rewarded', subjectId: userId, data: { reason: 'signup_reward', amount: school.signupRewardCoins } });
}

type SignedBody = { public_address: string; message: string; signature: string };

export function walletService(app: FastifyInstance) {
  const repo = walletRepository(app.db);

  /** The account a verified address belongs to, for logging in with it. */
  async function ownerOf(address: string) {
    const owner = await repo.findByAddress(address.toLowerCase());
    if (!owner?.verified) throw notFound(walletMessages.accountNotFound);
    return owner.userId;
  }

  /** The message must be the exact wording with this nonce, signed by the address (verified offline by viem). */
  async function verified(nonce: string | null, body: SignedBody) {
    const valid =
      nonce !== null &&
      body.message === walletMessage(body.public_address, nonce) &&
      (await verifyMessage({ address: body.public_address as `0x${string}`, message: body.message, signature: body.signature as `0x${string}` }).catch(() => false));
    if (!valid) throw badRequest(walletMessages.verificationFailed, WALLET_VERIFICATION_FAILED);
  }

  return {
    async balance(userId: number) {
      return (await repo.find(userId))?.balance ?? 0;
    },
    find: (userId: number) => repo.find(userId),
    entries: (userId: number, page: number, perPage: number) => repo.listEntries(userId, perPage, (page - 1) * perPage),

    async issueNonce(userId: number, address: string) {
      const nonce = randomBytes(16).toString('hex');
      await repo.setNonce(userId, address.toLowerCase(), nonce, new Date(Date.now() + NONCE_TTL_MS));
      return nonce;
    },

    /** A nonce to log in with a connected address; kept apart, so asking for one never spends the owner's other nonce. */
    async issueLoginNonce(address: string) {
      const userId = await ownerOf(address);
      const nonce = randomBytes(16).toString('hex');
      await repo.setLoginNonce(userId, nonce, new Date(Date.now() + NONCE_TTL_MS));
      return nonce;
    },

    /** An EIP-191 signature of the one-time nonce's message by the address (DECISIONS.md); the nonce is spent. */
    async checkSignature(userId: number, body: SignedBody) {
      const address = body.public_address.toLowerCase();
      await verified(await repo.takeNonce(userId, address), body);
      return address;
    },

    /** A signature by the account's own connected address (a bundle's coins: spec 3 §4). */
    async checkOwnerSignature(userId: number, body: SignedBody) {
      const wallet = await repo.find(userId);
      if (!wallet?.verified || wallet.address !== body.public_address.toLowerCase()) throw badRequest(walletMessages.verificationFailed, WALLET_VERIFICATION_FAILED);
      return this.checkSignature(userId, body);
    },

    /** Logs in with a connected address: its login nonce, signed by the address. */
    async login(body: SignedBody) {
      const userId = await ownerOf(body.public_address);
      await verified(await repo.takeLoginNonce(userId), body);
      return userId;
    },

    /** The owner's signed approval to spend up to `coins` on a bundle, good for the approval's lifetime. */
    async approveBundleCoins(userId: number, bundleId: number, coins: number) {
      await repo.setCoinsApproval(userId, { bundleId, coins, expiresAt: new Date(Date.now() + COINS_APPROVAL_TTL_MS).toISOString() });
    },

    async connect(userId: number, body: SignedBody) {
      const address = await this.checkSignature(userId, body);
      const owner = await repo.findByAddress(address);
      if (owner && owner.userId !== userId) throw badRequest(walletMessages.addressTaken);
      // Two accounts connecting one address at once: the unique index decides.
      await repo.connect(userId, address).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw badRequest(walletMessages.addressTaken);
        throw error;
      });
      return address;
    },
  };
}
