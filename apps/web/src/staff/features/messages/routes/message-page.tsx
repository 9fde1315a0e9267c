import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { messageMessages, messageStateLabels, RECIPIENTS_PAGE_SIZE, type MessageRecipient } from '@school/shared/staff/messages';
import { PlainText } from '@/components/plain-text';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useMessageRecipients, useStaffMessage } from '../api/message-calls';
import { reachOf } from '../components/reach';

const columns: DataColumn<MessageRecipient>[] = [
  { id: 'name', header: 'Student', cell: ({ row }) => <Link to={staffPaths.student(row.original.id)}>{row.original.name}</Link> },
  { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
  { id: 'emailed', header: 'By e-mail', cell: ({ row }) => (row.original.emailed ? 'Sent' : 'Not sent (turned off)') },
];

/** /staff/messages/{id}: one announcement, how far it got, and whom it reached. */
export function StaffMessagePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const message = useStaffMessage(valid ? id : 0);
  const [page, setPage] = useState(1);
  const recipients = useMessageRecipients(valid ? id : 0, page, message.data?.state === 'sent');
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';

  return (
    <div className="console-page">
      <p>
        <Link to={staffPaths.messages}>← Messages</Link>
      </p>
      {!valid && <p className="banner banner-error">No such message.</p>}
      <QueryState query={message} what="The message">
        {(m) => (
          <>
            <div className="console-head">
              <h1>{m.subject}</h1>
            </div>
            <dl className="fact-list">
              <dt>To</dt>
              <dd>{m.audience_label}</dd>
              <dt>By</dt>
              <dd>{m.sent_by?.name ?? '—'}</dd>
              <dt>Sent</dt>
              <dd>{dateTimeIn(m.created_at, timeZone)}</dd>
              <dt>State</dt>
              <dd aria-live="polite">{m.state === 'failed' ? `${messageStateLabels.failed}: ${messageMessages.failed}` : messageStateLabels[m.state]}</dd>
              <dt>Reached</dt>
              <dd aria-live="polite">{reachOf(m)}</dd>
            </dl>
            <section className="message-text" aria-label="The message">
              <PlainText text={m.body} />
            </section>
            <h2>Recipients</h2>
            <DataTable caption="Whom the message reached" columns={columns} query={recipients} what="The recipients" empty="Nobody has been reached yet." perPage={RECIPIENTS_PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </div>
  );
}
