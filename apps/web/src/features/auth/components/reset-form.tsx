import { resetFormSchema, type ResetForm as ResetValues } from '@school/shared/auth/schemas';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { authModal } from '@/lib/auth-modal';
import { useResetPassword } from '../api/auth-calls';
import { FormBanner } from '@/components/form-banner';
import { useServerForm } from '@/lib/use-server-form';

export function ResetForm({ token }: { token: string }) {
  // The link's own error (uid_and_token_b64) shows as a banner (spec 1 §8).
  const { form, banner, setBanner, showServerError } = useServerForm<ResetValues>(resetFormSchema, { password: '', password_confirm: '' });
  const reset = useResetPassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await reset.mutateAsync({ ...values, uid_and_token_b64: token });
      authModal.succeed('reset');
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <FormBanner message={banner} />
      <TextField label="New Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" error={errors.password_confirm?.message} {...form.register('password_confirm')} />
      <Button type="submit" label="Send" busy={reset.isPending} className="btn-block" />
    </form>
  );
}
