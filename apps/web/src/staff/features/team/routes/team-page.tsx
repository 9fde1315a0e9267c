import { useState } from 'react';
import { dateTimeIn } from '@school/shared/school/dates';
import { leavesNoAdministrator, teamMessages, teamRoleInSentence, teamRoleLabels, TEAM_ROLES, type StaffInvitation, type TeamMember, type TeamRole } from '@school/shared/staff/team';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useChangeRole, useInvitations, useInvite, useRemoveMember, useRevokeInvitation, useTeam } from '../api/team-calls';
import { CoursesDialog } from '../components/courses-dialog';
import { InviteDialog } from '../components/invite-dialog';
import './team.css';

const roleOptions = TEAM_ROLES.map((role) => ({ value: role, label: teamRoleLabels[role] }));

/**
 * /staff/team: the school's administrators and instructors, the invitations waiting for an answer, and the
 * administrators' work on them: invite, change a role, give an instructor courses, remove, take back.
 */
export function TeamPage() {
  const { data: school } = useSchool();
  const when = (iso: string) => (school ? dateTimeIn(iso, school.time_zone) : iso.slice(0, 10));
  const team = useTeam();
  const invitations = useInvitations();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const resend = useInvite();
  const [inviting, setInviting] = useState(false);
  const [assigning, setAssigning] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  async function setRole(member: TeamMember, role: TeamRole) {
    if (leavesNoAdministrator(team.data ?? [], member.id, role)) return notify.error(teamMessages.lastAdministrator);
    try {
      await changeRole.mutateAsync({ member, role });
      notify.success(`${member.name} is now ${teamRoleInSentence[role]}.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? `${member.name}'s role could not be changed. Reload the page and try again.`);
    }
  }

  async function confirmRemove(member: TeamMember) {
    try {
      await remove.mutateAsync(member.id);
      notify.success(`${member.name} is no longer on the team.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? `${member.name} could not be removed. Reload the page and try again.`);
    }
    setRemoving(null);
  }

  async function takeBack(invitation: StaffInvitation) {
    try {
      await revoke.mutateAsync(invitation.id);
      notify.success(`The invitation to ${invitation.email} was taken back.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? 'The invitation could not be taken back. Reload the page and try again.');
    }
  }

  /** Inviting the address again: the open invitation is taken back and a new link sent (a lost or lapsed e-mail). */
  async function sendAgain(invitation: StaffInvitation) {
    try {
      await resend.mutateAsync({ email: invitation.email, role: invitation.role });
      notify.success(teamMessages.resent(invitation.email));
    } catch (failure) {
      notify.error(errorDetail(failure) ?? 'The invitation could not be sent again. Reload the page and try again.');
    }
  }

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Team</h1>
        <Button label="Invite" onClick={() => setInviting(true)} />
      </div>
      <p className="muted">Administrators run the whole school; instructors edit and grade the courses given to them.</p>
      <QueryState query={team} what="The team">
        {(members) => (
          <div className="staff-table-box">
            <table className="staff-table data-table team-table">
              <caption className="visually-hidden">Team</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Courses</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      {member.name}
                      {member.you && <span className="muted"> (you)</span>}
                    </td>
                    <td>{member.email}</td>
                    <td>
                      <select className="team-role" aria-label={`Role of ${member.name}`} value={member.role} disabled={changeRole.isPending} onChange={(event) => void setRole(member, event.target.value as TeamRole)}>
                        {roleOptions.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>{member.role === 'SA' ? 'Every course' : member.courses.map((c) => c.name).join(', ') || 'None yet'}</td>
                    <td>
                      <div className="row-actions">
                        {member.role === 'IN' && <Button variant="ghost" label="Courses" aria-label={`Courses of ${member.name}`} onClick={() => setAssigning(member)} />}
                        <Button
                          variant="ghost"
                          label="Remove"
                          aria-label={`Remove ${member.name}`}
                          onClick={() => (leavesNoAdministrator(members, member.id, null) ? notify.error(teamMessages.lastAdministrator) : setRemoving(member))}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>

      <h2>Invitations</h2>
      <QueryState query={invitations} what="The invitations" empty="No invitation is waiting for an answer." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="team-invitations" aria-label="Invitations waiting for an answer">
            {list.map((invitation) => (
              <li key={invitation.id}>
                <span>
                  <strong>{invitation.email}</strong> as {teamRoleLabels[invitation.role].toLowerCase()}, sent {when(invitation.created_at)}
                  {invitation.invited_by && ` by ${invitation.invited_by}`}. {invitation.expired ? 'Expired: send it again for a new link.' : `Works until ${when(invitation.expires_at)}.`}
                </span>
                <div className="row-actions">
                  <Button
                    variant="ghost"
                    label="Send again"
                    aria-label={`Send the invitation to ${invitation.email} again`}
                    busy={resend.isPending && resend.variables?.email === invitation.email}
                    onClick={() => void sendAgain(invitation)}
                  />
                  <Button variant="ghost" label="Take back" aria-label={`Take back the invitation to ${invitation.email}`} busy={revoke.isPending && revoke.variables === invitation.id} onClick={() => void takeBack(invitation)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <CoursesDialog member={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the team?"
        message={`${removing?.name ?? 'This member'} will no longer reach this school's console, and their courses go back to the administrators. Their account stays.`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => void (removing && confirmRemove(removing))}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
