import { useState } from 'react';
import type { TokenResponse } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { logInWithWallet } from '@/lib/wallet-flows';

/**
 * Log in with wallet (spec 1 §1): the wallet signs a one-time nonce for its address, and the server answers a
 * session for the account that connected it. Failures show in the modal, not as toasts: a toast sits behind
 * the modal dialog, dimmed and out of reach of screen readers.
 */
export function WalletLogin({ rememberMe, onSession, setError }: { rememberMe: () => boolean; onSession: (response: TokenResponse, remember: boolean) => Promise<void>; setError: (message: string | null) => void }) {
  const [busy, setBusy] = useState(false);

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

  return <Button label="Log in with wallet" variant="ghost" className="btn-social" busy={busy} onClick={logIn} />;
}
