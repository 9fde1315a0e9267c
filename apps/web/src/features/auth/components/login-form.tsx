import { loginFormSchema, type LoginBody } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { authModal } from '@/lib/auth-modal';
import { useSchool } from '@/lib/school';
import { useLogin } from '../api/auth-calls';
import { FormBanner } from '@/components/form-banner';
import { useFinishLogin } from '../hooks/use-finish-login';
import { SocialButtons } from './social-buttons';
import { WalletLogin } from './wallet-login';
import { useServerForm } from '@/lib/use-server-form';


export function LoginForm({ redirect, error }: { redirect?: string; error?: string }) {
  const { form, banner, setBanner, showServerError } = useServerForm<LoginBody>(loginFormSchema, { username: '', password: '', remember_me: false }, [], error ?? null);
  const login = useLogin();
  const finishLogin = useFinishLogin(redirect);
  // Wallets belong to the L2E Coins product: only its schools offer them (spec 1 §2, APT Wallet).
  const walletLogin = useSchool().data?.config.products.apt_coins;
  const { errors } = form.formState;
  const rememberMe = () => form.getValues('remember_me') ?? false;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await finishLogin(await login.mutateAsync(values), values.remember_me ?? false);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <FormBanner message={banner} />
      <TextField label="Username or Email" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <label className="checkbox">
        <input type="checkbox" {...form.register('remember_me')} /> Keep me logged in
      </label>
      <Button type="submit" label="Login account" busy={login.isPending} className="btn-block" />
      <SocialButtons mode="login" rememberMe={rememberMe} />
      <div className="auth-links">
        <button type="button" className="link" onClick={() => authModal.open('forgot')}>
          Forgot Password?
        </button>
        <span>
          Don't have an account?{' '}
          <button type="button" className="link" onClick={() => authModal.open('signup')}>
            Sign up
          </button>
        </span>
      </div>
      {/* Last and plain: few lawyers have a crypto wallet, and the password is the way in. */}
      {walletLogin && <WalletLogin rememberMe={rememberMe} onSession={finishLogin} setError={setBanner} />}
    </form>
  );
}
