import type { StaffMessage } from '@school/shared/staff/messages';
import { displayName } from '../account/presenter';
import type { SchoolRow } from '../tenancy/repository';
import type { MessageRow, messageRepository } from './repository';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof messageRepository>['find']>>>;
type Sender = Found['sender'];

const senderName = (sender: Sender) => (sender ? displayName(sender) : 'The school');
/** Who a message is from, as its students read it. */
export const fromOf = (sender: Sender, school: Pick<SchoolRow, 'name'>) => (sender ? `${displayName(sender)} of ${school.name}` : school.name);

function audienceLabel(row: Pick<MessageRow, 'audience'>, course: string | null, className: string | null) {
  if (row.audience === 'school') return 'The whole school';
  return row.audience === 'class' ? `${course ?? 'A course'} · ${className ?? 'a class'}` : (course ?? 'A course');
}

export function presentMessage({ message, course, className, sender, recipients, emailed }: Found): StaffMessage {
  return {
    id: message.id,
    audience: message.audience,
    audience_label: audienceLabel(message, course, className),
    course: message.courseId !== null && course !== null ? { id: message.courseId, name: course } : null,
    class: message.classId !== null && className !== null ? { id: message.classId, name: className } : null,
    subject: message.subject,
    body: message.body,
    sent_by: sender ? { id: sender.id, name: senderName(sender) } : null,
    state: message.state,
    recipients,
    emailed,
    created_at: message.createdAt.toISOString(),
    finished_at: message.finishedAt?.toISOString() ?? null,
  };
}

