import { useNavigate } from 'react-router';
import { signupFormSchema, type SignupForm as SignupValues } from '@school/shared/auth/schemas';
import { REGISTRATION_REDIRECT_MS } from '@school/shared/ui/badge';
import { Button } from '@/components/button';
import { NewTabLink } from '@/components/new-tab-link';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { authModal } from '@/lib/auth-modal';
import { useSchool } from '@/lib/school';
import { saveSession, sessionFromToken } from '@/lib/session';
import { useRegister } from '../api/auth-calls';
import { FormBanner } from '@/components/form-banner';
import { SocialButtons } from './social-buttons';
import { useServerForm } from '@/lib/use-server-form';

export function SignupForm({ error }: { error?: string }) {
  const { form, banner, setBanner, showServerError } = useServerForm<SignupValues>(signupFormSchema, { username: '', email: '', password1: '', password2: '' }, [], error ?? null);
  const register = useRegister();
  const { data: school } = useSchool();
  const navigate = useNavigate();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!school) return;
    setBanner(null);
    try {
      const response = await register.mutateAsync({ ...values, school: school.id });
      saveSession(sessionFromToken(response), false);
      authModal.succeed('signup', { email: response.email });
      // Registration goes on to the student profile after 2 seconds (spec 1 §4), while the success
      // view stays open over it; the form itself is already gone, so the timer is not tied to it.
      window.setTimeout(() => navigate(paths.student('profile')), REGISTRATION_REDIRECT_MS);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <FormBanner message={banner} />
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField label="Email Address" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password1?.message} {...form.register('password1')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" error={errors.password2?.message} {...form.register('password2')} />
      <Button type="submit" label="Sign up" busy={register.isPending} className="btn-block" />
      <SocialButtons mode="signup" />
      {/* Both are pages of their own, readable before consent (Data Privacy Act of 2012). */}
      <p className="terms">
        By signing up you agree to the <NewTabLink to={paths.terms}>Terms of Use</NewTabLink> and <NewTabLink to={paths.privacy}>Privacy Policy</NewTabLink>.
      </p>
      <p className="auth-links">
        <span>
          Already have an account?{' '}
          <button type="button" className="link" onClick={() => authModal.open('login')}>
            Login
          </button>
        </span>
      </p>
    </form>
  );
}
