import type { BrowserContext } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export interface FakeWallet {
  /** The wallet's address, checksummed as a wallet reports it. */
  address: `0x${string}`;
  /** While true, personal_sign fails as a user's refusal does (EIP-1193 code 4001). */
  rejectSigning: boolean;
}

type Signer = (message: string) => Promise<string | null>;

/**
 * A browser wallet for tests: window.ethereum (EIP-1193) in every page of the context, answering
 * eth_requestAccounts, eth_accounts and eth_chainId (the main network), and personal_sign with a fresh key held
 * in Node: the page asks through an exposed function, so the key never enters the page.
 */
export async function installFakeWallet(context: BrowserContext): Promise<FakeWallet> {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet: FakeWallet = { address: account.address, rejectSigning: false };
  // personal_sign's message arrives hex-encoded (viem's stringToHex): signed as those raw bytes, as a wallet does.
  await context.exposeFunction('fakeWalletSign', (message: `0x${string}`) => (wallet.rejectSigning ? null : account.signMessage({ message: { raw: message } })));
  await context.addInitScript((address: string) => {
    const sign = () => (window as unknown as { fakeWalletSign: Signer }).fakeWalletSign;
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        switch (method) {
          case 'eth_requestAccounts':
          case 'eth_accounts':
            return [address];
          case 'eth_chainId':
            return '0x1';
          case 'personal_sign': {
            const signature = await sign()(String(params?.[0]));
            if (signature === null) throw { code: 4001, message: 'User rejected the request.' };
            return signature;
          }
          default:
            throw { code: 4200, message: `Unsupported method: ${method}` };
        }
      },
      // No events: the account and chain never change.
      on() {},
      removeListener() {},
    };
    Object.defineProperty(window, 'ethereum', { value: provider });
  }, account.address);
  return wallet;
}
