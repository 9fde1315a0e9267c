import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { NewTabLink } from './new-tab-link';

const more = 'About L2E Coins and wallets';

/**
 * One line that explains a wallet word where it shows (L2E Coins, APT Wallet, Connect Wallet, the wallet login),
 * with the help page for the rest: lawyers need not know what a crypto wallet is. From a dialog or a form half
 * filled in (`newTab`), the help opens in a new tab.
 */
export function WalletNote({ id, newTab = false, children }: { id?: string; newTab?: boolean; children: ReactNode }) {
  return (
    <p id={id} className="field-help wallet-note">
      {children} {newTab ? <NewTabLink to={paths.walletHelp}>{more}</NewTabLink> : <Link to={paths.walletHelp}>{more}</Link>}
    </p>
  );
}
