import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Wallet } from '@school/shared/payments/schemas';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { connectAccountWallet } from '@/lib/wallet-flows';

/**
 * The wallet address connected to the account, or Connect Wallet (spec 3 §4 "Wallet connection"): connect,
 * sign a one-time nonce, verify. Outcomes are toasts; a browser without a wallet is told so beside the button,
 * where it stays.
 */
export function WalletConnection({ wallet }: { wallet: Wallet }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [noWallet, setNoWallet] = useState<string | null>(null);
  const noteId = useId();

  if (wallet.verified && wallet.address) {
    return (
      <p className="wallet-address">
        <span className="muted">Connected wallet</span>
        <code>{wallet.address}</code>
      </p>
    );
  }

  async function connect() {
    setBusy(true);
    setNoWallet(null);
    try {
      const result = await connectAccountWallet();
      if (result.ok) {
        notify.success(result.value);
        // The tab shows the connected address from the wallet query.
        await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      } else if (result.noWallet) setNoWallet(result.message);
      else notify.error(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="wallet-connect">
      <Button label="Connect Wallet" variant="ghost" busy={busy} onClick={connect} aria-describedby={noteId} />
      {/* The tab's own note above links the help page already. */}
      <p id={noteId} className="field-help wallet-note">
        Optional: a crypto wallet in your browser (such as MetaMask) lets you log in without your password. You need none to earn or spend coins on courses.
      </p>
      {noWallet && (
        <p className="field-error" role="alert">
          {noWallet}
        </p>
      )}
    </div>
  );
}
