import { useState } from 'react';
import { sessionMessages } from '@school/shared/auth/messages';
import { changePasswordSchema, type ChangePasswordBody } from '@school/shared/auth/schemas';
import type { Profile } from '@school/shared/auth/profile';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { ResponseModal } from '@/components/response-modal';
import { ResultLine } from '@/components/result-line';
import { TextField } from '@/components/text-field';
import { useResendEmail } from '@/lib/resend-email';
import { useServerForm } from '@/lib/use-server-form';
import { useChangePassword } from '../api/account-calls';

/** Email settings: the address (read-only), whether it is verified, and 'Resend Email' (spec 1 §2). */
export function EmailSettings({ profile }: { profile: Profile }) {
  const resend = useResendEmail(`A verification link was sent to ${profile.email}.`);
  return (
    <div className="account-form">
      <TextField label="Email Address" value={profile.email} readOnly />
      {profile.is_verified ? (
        <p className="banner banner-success" role="status">
          Your email address is verified.
        </p>
      ) : (
        <>
          <p className="banner banner-warning">Your email address is not yet verified. Check your inbox for the verification link.</p>
          <Button label="Resend Email" busy={resend.pending} onClick={resend.send} />
        </>
      )}
      <ResultLine result={resend.result} />
    </div>
  );
}

/** Change password (spec 1 §5); the server signs out the user's other sessions. */
export function ChangePasswordForm() {
  const empty = { old_password: '', new_password1: '', new_password2: '' };
  const { form, field, banner, setBanner, showServerError } = useServerForm<ChangePasswordBody>(changePasswordSchema, empty);
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await change.mutateAsync(values);
      form.reset(empty);
      setDone(true);
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="account-form narrow">
      <FormBanner message={banner} />
      <TextField label="Old Password" type="password" autoComplete="current-password" error={errors.old_password?.message} {...field('old_password')} />
      <TextField label="New Password" type="password" autoComplete="new-password" error={errors.new_password1?.message} {...field('new_password1')} />
      <TextField label="Confirm New Password" type="password" autoComplete="new-password" error={errors.new_password2?.message} {...field('new_password2')} />
      <Button type="submit" label="Change Password" busy={change.isPending} />
      <ResponseModal open={done} type="success" title={sessionMessages.passwordChanged} onClose={() => setDone(false)} />
    </form>
  );
}
