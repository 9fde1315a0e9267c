import { dateTimeIn } from '@school/shared/school/dates';
import { AUDIT_PAGE_SIZE, auditQuerySchema, type AuditEntry } from '@school/shared/staff/audit';
import { Button } from '@/components/button';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useListFilters } from '../../../lib/use-list-filters';
import { useAuditLog } from '../api/audit-calls';
import { AuditFilterForm } from '../components/audit-filter-form';

/** A value as the log shows it: text as it is, nothing as a dash, anything else as short JSON. */
function shown(value: unknown) {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** /staff/audit: every staff write at the school, newest first, filtered by who, what, which record and when. */
export function AuditLog() {
  const { filters, update } = useListFilters(auditQuerySchema);
  const log = useAuditLog(filters);
  const school = useSchool();
  const timeZone = school.data?.time_zone ?? 'Asia/Manila';

  const columns: DataColumn<AuditEntry>[] = [
    { id: 'when', header: 'When', cell: ({ row }) => dateTimeIn(row.original.created_at, timeZone) },
    {
      id: 'who',
      header: 'Who',
      cell: ({ row }) => {
        const actor = row.original.actor;
        if (!actor) return 'The system';
        return <Button variant="link" label={actor.name} aria-label={`Only what ${actor.name} did`} onClick={() => update({ actor: actor.id })} />;
      },
    },
    { id: 'action', header: 'Action', cell: ({ row }) => <code>{row.original.action}</code> },
    {
      id: 'subject',
      header: 'Record',
      cell: ({ row }) => <Button variant="link" label={row.original.subject} aria-label={`Only ${row.original.subject}`} onClick={() => update({ subject: row.original.subject })} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      cell: ({ row }) => {
        const changes = Object.entries(row.original.changes);
        if (changes.length === 0) return '—';
        return (
          <ul className="audit-changes">
            {changes.map(([field, change]) => (
              <li key={field}>
                <strong>{field}</strong>: {shown(change.before)} → {shown(change.after)}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Audit log</h1>
      </div>
      <AuditFilterForm filters={filters} onApply={update} />
      {filters.actor !== undefined && (
        <p>
          Only what one person did. <Button variant="link" label="Everybody" onClick={() => update({ actor: undefined })} />
        </p>
      )}
      {filters.student !== undefined && (
        <p>
          Only what was done to one student's records. <Button variant="link" label="Every record" onClick={() => update({ student: undefined })} />
        </p>
      )}
      <DataTable
        caption="Staff actions, newest first"
        columns={columns}
        query={log}
        what="The audit log"
        empty="No staff action matches these filters."
        perPage={AUDIT_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
    </div>
  );
}
