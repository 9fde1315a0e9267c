import { useEffect } from 'react';
import { newInvitationSchema, teamMessages, teamRoleLabels, TEAM_ROLES, type NewInvitation } from '@school/shared/staff/team';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useInvite } from '../api/team-calls';

const roles = TEAM_ROLES.map((role) => ({ value: role, label: teamRoleLabels[role] }));

/** Invite: an address and a role; the e-mail's link works once, for a week. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInvite();
  const { form, banner, setBanner, showServerError } = useServerForm<NewInvitation>(newInvitationSchema, { email: '', role: 'IN' });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset({ email: '', role: 'IN' });
    setBanner(null);
  }, [open, form, setBanner]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync(values);
      notify.success(teamMessages.invited(sent.email));
      onClose();
    } catch (failure) {
      showServerError(failure);
    }
  });

  return (
    <Modal open={open} onClose={onClose} title="Invite to the team">
      <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
        <FormBanner message={banner} />
        <TextField label="Email Address" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <SelectField label="Role" options={roles} error={errors.role?.message} {...form.register('role')} />
        <p className="muted">An administrator runs the whole school; an instructor edits and grades the courses you give them.</p>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Send invitation" type="submit" busy={invite.isPending} />
        </div>
      </form>
    </Modal>
  );
}
