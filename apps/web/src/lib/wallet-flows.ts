import type { z } from 'zod';
import type { Message } from '@school/shared/api/errors';
import type { TokenResponse } from '@school/shared/auth/schemas';
import { walletMessage, walletMessages } from '@school/shared/payments/rules';
import type { Wallet, walletNonceSchema, walletVerifyBodySchema } from '@school/shared/payments/schemas';
import { api } from './api-client';
import { ApiError } from './api-error';
import type { WalletAddress } from './wallet-client';

/**
 * The wallet itself (wagmi and viem) is a chunk of its own, loaded at the first wallet step: no page carries it
 * until someone connects a wallet, logs in with one or signs for a bundle's coins. That chunk imports nothing of
 * ours, and these flows import nothing from the entry chunk (the query client lives there: callers refresh their
 * queries themselves), so the other chunks, the landing page's among them, keep the shape they had.
 */
const walletClient = () => import('./wallet-client');

/** What a wallet signed: the address, the exact message and its signature (POST /users/wallet/verify/, bundle coins). */
type WalletSignature = z.input<typeof walletVerifyBodySchema>;
type Nonce = z.infer<typeof walletNonceSchema>;

/**
 * How a wallet flow ended. A failure carries the words to show; `noWallet` marks the one a page says in place,
 * beside the control, rather than in a passing toast: nothing the user does in this page will change it.
 */
type WalletOutcome<T> = { ok: true; value: T } | { ok: false; message: string; noWallet: boolean };

/** A step that failed: the flow stops there with these words. */
class Stop extends Error {
  constructor(
    message: string,
    readonly noWallet = false,
  ) {
    super(message);
  }
}

async function outcome<T>(flow: () => Promise<T>): Promise<WalletOutcome<T>> {
  try {
    return { ok: true, value: await flow() };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, message: error.message, noWallet: error.noWallet };
    throw error;
  }
}

/** The server's own words for a refused call (e.g. the address is another account's), else `fallback`. */
function detailOf(error: unknown, fallback: string) {
  const detail = error instanceof ApiError && error.status < 500 ? error.body?.detail : undefined;
  return typeof detail === 'string' ? detail : fallback;
}

async function walletAddress() {
  let wallet: Awaited<ReturnType<typeof walletClient>> | undefined;
  try {
    wallet = await walletClient();
    return await wallet.connectWallet();
  } catch (error) {
    // A refused or failed connection (or wallet code that did not load) leaves us without the wallet's details.
    throw wallet?.isNoWallet(error) ? new Stop(walletMessages.noWallet, true) : new Stop(walletMessages.detailsFailed);
  }
}

/** A one-time nonce for the address: signed in, to connect it or to spend coins; signed out, to log in with it. */
async function nonceFor(address: WalletAddress) {
  try {
    return (await api<Nonce>('/users/wallet/', { body: { public_address: address } })).nonce;
  } catch (error) {
    // Signed out, a 404 means that no account has connected this address.
    throw new Stop(error instanceof ApiError && error.status === 404 ? walletMessages.accountNotFound : walletMessages.detailsFailed);
  }
}

/**
 * The wallet's signature of the exact wording with this nonce (EIP-191, DECISIONS.md). A failed signature
 * disconnects the wallet unless coins were being applied (spec 3 §4).
 */
async function sign(address: WalletAddress, nonce: string, { forCoins }: { forCoins: boolean }): Promise<WalletSignature> {
  const message = walletMessage(address, nonce);
  // Loaded already: connecting came first.
  const wallet = await walletClient();
  try {
    return { public_address: address, message, signature: await wallet.signWithWallet(address, message) };
  } catch {
    if (!forCoins) await wallet.disconnectWallet();
    throw new Stop(walletMessages.signatureFailed);
  }
}

async function verify<T>(signature: WalletSignature) {
  try {
    return await api<T>('/users/wallet/verify/', { body: signature });
  } catch (error) {
    throw new Stop(detailOf(error, walletMessages.verificationFailed));
  }
}

/**
 * Connects the address to the signed-in account; answers the server's message ('Wallet successfully connected').
 * The caller refreshes the wallet queries (their query client is not imported here: see walletClient).
 */
async function connectAddress(address: WalletAddress, forCoins: boolean) {
  return (await verify<Message>(await sign(address, await nonceFor(address), { forCoins }))).message;
}

async function accountWallet() {
  try {
    return await api<Wallet>('/wallets/');
  } catch {
    throw new Stop(walletMessages.detailsFailed);
  }
}

/** The APT Wallet tab's Connect Wallet: connect, sign a fresh nonce, verify (spec 3 §4 "Wallet connection"). */
export const connectAccountWallet = () => outcome(async () => connectAddress(await walletAddress(), false));

/**
 * A bundle's coins need the signature of the account's own connected address over a fresh nonce (spec 3 §4).
 * A wallet that is not that address yet is connected first; `connected` is then the server's message for it.
 */
export const signBundleCoins = () =>
  outcome(async () => {
    const address = await walletAddress();
    const account = await accountWallet();
    const connected = account.verified && account.address === address.toLowerCase() ? null : await connectAddress(address, true);
    return { signature: await sign(address, await nonceFor(address), { forCoins: true }), connected };
  });

/** Logging in by wallet address (spec 1 §1): signed out, the same nonce and verify calls answer a session. */
export const logInWithWallet = (rememberMe: boolean) =>
  outcome(async () => {
    const address = await walletAddress();
    return verify<TokenResponse>({ ...(await sign(address, await nonceFor(address), { forCoins: false })), remember_me: rememberMe });
  });
