import { rewardMessage } from '@school/shared/auth/profile';
import { sessionMessages } from '@school/shared/auth/messages';
import { Modal } from '@/components/modal';
import { ResponseModal } from '@/components/response-modal';
import { authModal, useAuthModal, type AuthForm } from '@/lib/auth-modal';
import { ResultLine } from '@/components/result-line';
import { WalletNote } from '@/components/wallet-note';
import { useProfile } from '@/lib/profile';
import { useResendEmail } from '@/lib/resend-email';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { ResetForm } from './reset-form';
import { SignupForm } from './signup-form';

const titles: Record<AuthForm, string> = {
  login: 'Welcome back!',
  signup: 'Create an account',
  forgot: 'Forgot Password',
  reset: 'Reset Password',
};

/** The authentication modal: four forms and their success views (spec 1 §2). */
export function AuthModal() {
  const state = useAuthModal();
  const open = state.form !== null;
  if (state.success === 'social') return <SocialSignupDone />;
  const title = state.success === 'signup' ? "You're almost there!" : state.success === 'forgot' ? 'Email Confirmation' : state.success === 'reset' ? 'Password Reset' : titles[state.form ?? 'login'];

  return (
    <Modal open={open} onClose={authModal.close} title={title}>
      {state.success === 'signup' && <SignupSent email={state.email ?? ''} />}
      {state.success === 'forgot' && (
        <p className="success-view">
          We sent a password reset link to <strong>{state.email}</strong>. Open it to choose a new password.
        </p>
      )}
      {state.success === 'reset' && (
        <div className="success-view">
          <p>Try logging in using your new password</p>
          <button type="button" className="link" onClick={() => authModal.open('login')}>
            Go back to Login
          </button>
        </div>
      )}
      {!state.success && state.form === 'login' && <LoginForm redirect={state.redirect} error={state.error} />}
      {!state.success && state.form === 'signup' && <SignupForm error={state.error} />}
      {!state.success && state.form === 'forgot' && <ForgotForm />}
      {!state.success && state.form === 'reset' && <ResetForm token={state.resetToken ?? ''} />}
    </Modal>
  );
}

/** Spec 1 §4: a social sign-up's success modal, with the school's sign-up reward when this account got one. */
function SocialSignupDone() {
  const { data: profile } = useProfile();
  return (
    <ResponseModal
      open
      type="success"
      title={sessionMessages.accountCreated}
      message={
        profile?.has_reward ? (
          <>
            <p role="status">{rewardMessage(profile.has_reward)}</p>
            <RewardNote />
          </>
        ) : undefined
      }
      onClose={authModal.close}
    />
  );
}

function SignupSent({ email }: { email: string }) {
  const resend = useResendEmail('Verification email sent.');
  const { data: profile } = useProfile();
  return (
    <div className="success-view">
      {profile?.has_reward && (
        <>
          <p className="banner banner-success" role="status">
            {rewardMessage(profile.has_reward)}
          </p>
          <RewardNote />
        </>
      )}
      <p>Don't forget to verify your email</p>
      <p>
        <strong>{email}</strong>
      </p>
      <p>
        Didn't get the email?{' '}
        <button type="button" className="link" onClick={resend.send} disabled={resend.pending}>
          Resend email
        </button>
      </p>
      <ResultLine result={resend.result} />
    </div>
  );
}

/** A sign-up reward is often the first time a student reads 'L2E Coins': say where they are kept. */
function RewardNote() {
  return <WalletNote newTab>They wait in the APT Wallet tab of your account.</WalletNote>;
}
