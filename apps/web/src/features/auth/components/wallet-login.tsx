import { useId, useState } from 'react';
import type { TokenResponse } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { WalletNote } from '@/components/wallet-note';
import { logInWithWallet } from '@/lib/wallet-flows';

/**
 * Log in with wallet (spec 1 §1), below the password login as the lesser way in, with a line that says what it
 * is: the wallet signs a one-time nonce for its address, and the server answers a session for the account that
 * connected it. Failures show in the modal, not as toasts: a toast sits behind the modal dialog, dimmed and out
 * of reach of screen readers.
 */
export function WalletLogin({ rememberMe, onSession, setError }: { rememberMe: () => boolean; onSession: (response: TokenResponse, remember: boolean) => Promise<void>; setError: (message: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const noteId = useId();

  async function logIn() {
    setBusy(true);
    setError(null);
    try {
      // Read once: the token's life and where the session is kept must agree, whatever the box says later.
      const remember = rememberMe();
      const result = await logInWithWallet(remember);
      if (result.ok) await onSession(result.value, remember);
      else setError(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="wallet-login">
      <Button label="Log in with wallet" variant="ghost" busy={busy} onClick={logIn} aria-describedby={noteId} />
      <WalletNote id={noteId} newTab>
        For accounts that connected a crypto wallet (such as MetaMask) in their APT Wallet tab: log in with it instead of a password.
      </WalletNote>
    </div>
  );
}
