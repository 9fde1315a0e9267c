import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { MESSAGES_PAGE_SIZE, messageStateLabels, type StaffMessage } from '@school/shared/staff/messages';
import { Button } from '@/components/button';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { staffPaths } from '../../../config/staff-paths';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useMessageAudiences, useStaffMessages } from '../api/message-calls';
import { ComposeDialog } from '../components/compose-dialog';
import { reachOf } from '../components/reach';

/** /staff/messages: announcements to a course's, a class's or the whole school's students, and what was sent. */
export function MessageList() {
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const messages = useStaffMessages(page);
  const audiences = useMessageAudiences(true);
  const me = useStaffMe().data;
  const navigate = useNavigate();
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';

  const columns: DataColumn<StaffMessage>[] = [
    { id: 'sent', header: 'Sent', cell: ({ row }) => dateTimeIn(row.original.created_at, timeZone) },
    { id: 'subject', header: 'Subject', cell: ({ row }) => <Link to={staffPaths.message(row.original.id)}>{row.original.subject}</Link> },
    { id: 'to', header: 'To', cell: ({ row }) => row.original.audience_label },
    { id: 'by', header: 'By', cell: ({ row }) => row.original.sent_by?.name ?? '—' },
    { id: 'state', header: 'State', cell: ({ row }) => messageStateLabels[row.original.state] },
    { id: 'reached', header: 'Reached', cell: ({ row }) => reachOf(row.original) },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Messages</h1>
        <Button label="New message" disabled={!audiences.data} onClick={() => setComposing(true)} />
      </div>
      <p className="muted">
        {me?.role === 'IN' ? 'Announcements to the students of your courses, and those you sent.' : "Announcements to the students of a course, a class or the whole school, and the school's history of them."} Each reaches the
        bell, and the e-mail of those who have not turned announcements off.
      </p>
      <DataTable caption="Messages, the newest first" columns={columns} query={messages} what="The messages" empty="No message has been sent yet." perPage={MESSAGES_PAGE_SIZE} onPage={setPage} />
      {audiences.data && (
        <ComposeDialog
          audiences={audiences.data}
          open={composing}
          onClose={() => setComposing(false)}
          onSent={(id) => {
            setComposing(false);
            void navigate(staffPaths.message(id));
          }}
        />
      )}
    </div>
  );
}
