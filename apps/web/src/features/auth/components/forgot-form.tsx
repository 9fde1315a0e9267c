import { emailFormSchema, type EmailForm } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { authModal } from '@/lib/auth-modal';
import { useForgotPassword } from '../api/auth-calls';
import { FormBanner } from '@/components/form-banner';
import { useServerForm } from '@/lib/use-server-form';

export function ForgotForm() {
  const { form, banner, setBanner, showServerError } = useServerForm<EmailForm>(emailFormSchema, { email: '' });
  const forgot = useForgotPassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await forgot.mutateAsync(values);
      authModal.succeed('forgot', { email: values.email });
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <p className="muted">Enter the email address of your account and we will send you a link to reset your password.</p>
      <FormBanner message={banner} />
      <TextField label="Email Address" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" label="Send" busy={forgot.isPending} className="btn-block" />
      <p className="auth-links">
        <button type="button" className="link" onClick={() => authModal.open('login')}>
          Remembered your password?
        </button>
      </p>
    </form>
  );
}
