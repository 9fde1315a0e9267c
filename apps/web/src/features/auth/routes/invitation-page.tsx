import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { staffSignupSchema, type StaffSignup } from '@school/shared/auth/schemas';
import { invitationStateMessage, teamRoleInSentence, type PublicInvitation } from '@school/shared/staff/team';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Loading } from '@/components/loading';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { errorDetail } from '@/lib/api-error';
import { authModal } from '@/lib/auth-modal';
import { saveSession, sessionFromToken, useSession } from '@/lib/session';
import { useServerForm } from '@/lib/use-server-form';
import { useAcceptInvitation, useInvitation, useInvitationSignup } from '../api/auth-calls';

/** Where a new member goes: the console of the school they joined. */
const CONSOLE = '/staff';

/**
 * /invitations/{key}: the link of a team invitation. It names the school, the role and the address; a signed-in
 * account of that address accepts it, somebody without an account signs up here (the address is the
 * invitation's), and an account that exists logs in first.
 */
export function InvitationPage() {
  const { key = '' } = useParams();
  const invitation = useInvitation(key);
  if (invitation.isPending) return <Loading />;
  if (invitation.isError || !invitation.data) {
    return (
      <main className="container page-center">
        <h1>Invitation</h1>
        <p className="banner banner-error" role="alert">This invitation link is not valid. Check that the whole link from the e-mail was opened, or ask the school for a new one.</p>
      </main>
    );
  }
  const found = invitation.data;
  const refused = invitationStateMessage(found.state);
  return (
    <main className="container page-center" aria-labelledby="invitation-title">
      <h1 id="invitation-title">Join {found.school.name}</h1>
      <p>
        You are invited to work at {found.school.name} as {teamRoleInSentence[found.role]}. The invitation is for <strong>{found.email}</strong>.
      </p>
      {refused ? <p className="banner banner-error" role="alert">{refused}</p> : <Answer invitation={found} invitationKey={key} />}
    </main>
  );
}

function Answer({ invitation, invitationKey }: { invitation: PublicInvitation; invitationKey: string }) {
  const session = useSession();
  if (session) return <Accept invitationKey={invitationKey} />;
  if (invitation.account_exists) {
    return (
      <div className="response-actions">
        <p>An account already has this address: log in with it to accept.</p>
        <Button label="Log in to accept" onClick={() => authModal.open('login')} />
      </div>
    );
  }
  return <StaffSignupForm invitationKey={invitationKey} />;
}

function Accept({ invitationKey }: { invitationKey: string }) {
  const accept = useAcceptInvitation(invitationKey);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);

  async function join() {
    setBanner(null);
    try {
      const done = await accept.mutateAsync();
      notify.success(done.message);
      await queryClient.invalidateQueries();
      navigate(CONSOLE);
    } catch (failure) {
      setBanner(errorDetail(failure) ?? 'The invitation could not be accepted. Try again in a moment.');
    }
  }

  return (
    <div>
      <FormBanner message={banner} />
      <Button label="Accept the invitation" busy={accept.isPending} onClick={() => void join()} />
    </div>
  );
}

function StaffSignupForm({ invitationKey }: { invitationKey: string }) {
  const { form, banner, setBanner, showServerError } = useServerForm<StaffSignup>(staffSignupSchema, { first_name: '', last_name: '', username: '', password1: '', password2: '' });
  const signup = useInvitationSignup(invitationKey);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const session = await signup.mutateAsync(values);
      saveSession(sessionFromToken(session), false);
      await queryClient.invalidateQueries();
      navigate(CONSOLE);
    } catch (failure) {
      showServerError(failure);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="auth-form" aria-label="Make your staff account">
      <p>Make your staff account to accept. The address is the one the invitation went to.</p>
      <FormBanner message={banner} />
      <div className="field-row">
        <TextField label="First Name" autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
      </div>
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password1?.message} {...form.register('password1')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" error={errors.password2?.message} {...form.register('password2')} />
      <Button type="submit" label="Accept and sign up" busy={signup.isPending} className="btn-block" />
      <p className="muted">
        Already have an account with another address? Ask the school to invite that address instead. <Link to={paths.home}>Back to the site</Link>
      </p>
    </form>
  );
}
