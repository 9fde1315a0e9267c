import { loginFormSchema, type TokenResponse } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { api } from '@/lib/api-client';
import { saveSession, sessionFromToken } from '@/lib/session';
import { useServerForm } from '@/lib/use-server-form';

interface Values {
  username: string;
  password: string;
}

/**
 * The platform host's own login: it belongs to no school, so the console logs its administrators in here
 * (the same token as a school site's login; the session ends with the browser's).
 */
export function PlatformLogin() {
  const { form, field, banner, showServerError } = useServerForm<Values>(loginFormSchema, { username: '', password: '' }, ['non_field_errors']);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      saveSession(sessionFromToken(await api<TokenResponse>('/api-token-auth/', { method: 'POST', body: values, handleUnauthorized: false })), false);
    } catch (failure) {
      showServerError(failure);
    }
  });
  return (
    <main className="container console-refusal">
      <h1>Platform console</h1>
      <form className="console-form" aria-label="Log in to the platform console" noValidate onSubmit={(event) => void submit(event)}>
        <FormBanner message={banner} />
        <TextField label="Username or Email" autoComplete="username" error={errors.username?.message} {...field('username')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...field('password')} />
        <div className="form-actions">
          <Button type="submit" label="Log in" busy={form.formState.isSubmitting} />
        </div>
      </form>
    </main>
  );
}
