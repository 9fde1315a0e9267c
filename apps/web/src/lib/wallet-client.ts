import { createConfig, injected, ProviderNotFoundError, unstable_connector } from 'wagmi';
import { connect, disconnect, getConnection, signMessage } from 'wagmi/actions';
import { mainnet } from 'wagmi/chains';

/**
 * The browser's own wallet (window.ethereum) through wagmi's injected() connector, the only one. Signing is
 * personal_sign inside the wallet, so no RPC server is needed; the main network's transport (spec 3 §4) is the
 * wallet itself, because the page's Content Security Policy lets it reach no outside RPC. Nothing is stored in
 * the browser: the server says which address is connected to the account. Only wallet-flows.ts loads this
 * module, by a dynamic import at its first wallet step: wagmi and viem stay out of every page until then.
 */
const config = createConfig({
  chains: [mainnet],
  // No "disconnected" flag to keep (nothing is stored): connecting is a plain eth_requestAccounts.
  connectors: [injected({ shimDisconnect: false })],
  transports: { [mainnet.id]: unstable_connector(injected) },
  multiInjectedProviderDiscovery: false,
  storage: null,
});

export type WalletAddress = `0x${string}`;

/** The wallet's selected address; the wallet asks its owner to connect this site when the page is not yet connected. */
export async function connectWallet(): Promise<WalletAddress> {
  const connection = getConnection(config);
  // wagmi follows the wallet's account changes, so an earlier connection on this page still names the right address.
  if (connection.status === 'connected') return connection.address;
  const { accounts } = await connect(config, { connector: config.connectors[0]! });
  return accounts[0];
}

/** The wallet's EIP-191 signature of the message (personal_sign), made by the address. */
export const signWithWallet = (address: WalletAddress, message: string) => signMessage(config, { account: address, message });

/** Forgets the connection on this page (and asks the wallet to revoke it where it can). */
export async function disconnectWallet() {
  await disconnect(config).catch(() => undefined);
}

/** Whether connecting failed because the browser has no injected wallet at all. */
export const isNoWallet = (error: unknown) => error instanceof ProviderNotFoundError;
