import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import type { RedeemedSession, SignInCodeHolder } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { redirectPath } from '@/lib/redirect';
import { clearSession, getSession, saveSession, sessionFromToken } from '@/lib/session';
import { redeemSignInCode, signInCodeHolder } from '../api/auth-calls';

// A code works once: a second run of an effect (React's strict mode) must reuse the first call.
const holders = new Map<string, Promise<SignInCodeHolder>>();
const redemptions = new Map<string, Promise<RedeemedSession>>();
const once = <T,>(calls: Map<string, Promise<T>>, code: string, call: (code: string) => Promise<T>) => {
  if (!calls.has(code)) calls.set(code, call(code));
  return calls.get(code)!;
};

/**
 * /auth/{code}: "View Course" from another school's site lands here with a single-use sign-in code that
 * lasts a minute (never the session token itself, which would stay in the history). The page says whose
 * account it opens, asks first if another account is signed in here, exchanges the code for a session and
 * goes on; a bad code clears the session.
 */
export function TokenLogin() {
  const { token: code = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = params.get('redirect');
  const [holder, setHolder] = useState<SignInCodeHolder | null>(null);
  const [confirming, setConfirming] = useState(false);

  const fail = useCallback(() => {
    clearSession();
    notify.error(sessionMessages.invalidToken);
    navigate(paths.home, { replace: true });
  }, [navigate]);

  const signIn = useCallback(() => {
    setConfirming(false);
    once(redemptions, code, redeemSignInCode).then(async (session) => {
      saveSession(sessionFromToken(session), session.remember);
      await queryClient.invalidateQueries();
      navigate(redirectPath(redirect, paths.courses), { replace: true });
    }, fail);
  }, [code, redirect, navigate, queryClient, fail]);

  useEffect(() => {
    let cancelled = false;
    once(holders, code, signInCodeHolder).then(
      (who) => {
        if (cancelled) return;
        setHolder(who);
        const current = getSession();
        // Someone else's code must not silently replace the account signed in here.
        if (current && current.studentId !== who.id) setConfirming(true);
        else signIn();
      },
      () => !cancelled && fail(),
    );
    return () => {
      cancelled = true;
    };
  }, [code, signIn, fail]);

  const who = holder && (
    <>
      <strong>{holder.full_name || holder.username}</strong> ({holder.email})
    </>
  );
  if (confirming) {
    return (
      <main className="container page-center">
        <p>You are signed in here with another account. Continue as {who}?</p>
        <div className="response-actions">
          <Button label="Continue" onClick={signIn} />
          <Button label="Cancel" variant="ghost" onClick={() => navigate(paths.home, { replace: true })} />
        </div>
      </main>
    );
  }
  return (
    <main className="container page-center">
      <Loading label="Loading" />
      {holder && (
        <p className="muted" aria-live="polite">
          Signing in as {who}
        </p>
      )}
    </main>
  );
}
