import { useState } from 'react';
import type { TokenResponse } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { logInWithWallet } from '@/lib/wallet-flows';

/**
 * Log in with wallet (spec 1 §1): the wallet signs a one-time nonce for its address, and the server answers a
 * session for the account that connected it. Failures show in the modal, not as toasts: a toast sits behind
 * the modal dialog, dimmed and out of reach of screen readers.
 */
export function WalletLogin({ rememberMe, onSession, setError }: { rememberMe: () => boolean; onSession: (response: TokenResponse) => Promise<void>; setError: (message: string | null) => void }) {
  const [busy, setBusy] = useState(false);

  async function logIn() {
    setBusy(true);
    setError(null);
    try {
      const result = await logInWithWallet(rememberMe());
      if (result.ok) await onSession(result.value);
      else setError(result.message);
    } finally {
      setBusy(false);
    }
  }

  return <Button label="Log in with wallet" variant="ghost" className="btn-social" busy={busy} onClick={logIn} />;
}
