import { useState } from 'react';
import { dateTimeIn } from '@school/shared/school/dates';
import { EXPORT_KEEP_DAYS, exportMessages, exportStateLabels, type StaffExport } from '@school/shared/staff/exports';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { useSchool } from '@/lib/school';
import { saveFile } from '@/lib/save-file';
import { QueryState } from '../../../components/query-state';
import { downloadExport, useStaffExports } from '../api/export-calls';

/** The filters an export was asked with, as a short line ("status: Paid · mode: cash"), or "everything". */
const filtersOf = (e: StaffExport) =>
  Object.entries(e.filters)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(' · ') || 'Everything';

/** /staff/exports: the files the caller asked for, made in the background, each downloaded from here. */
export function ExportList() {
  const exports = useStaffExports();
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const [saving, setSaving] = useState<number | null>(null);

  const save = async (e: StaffExport) => {
    setSaving(e.id);
    try {
      saveFile(await downloadExport(e.id), e.file_name);
    } catch {
      notify.error('The file could not be downloaded. Please try again.');
    }
    setSaving(null);
  };

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Exports</h1>
      </div>
      <p className="muted">Files you asked for, made in the background. Each is kept for {EXPORT_KEEP_DAYS} days.</p>
      <QueryState query={exports} what="Your exports">
        {(list) =>
          list.length === 0 ? (
            <p role="status">Nothing has been exported yet: Export CSV on a list makes its file here.</p>
          ) : (
            <div className="staff-table-box" role="region" aria-label="Your exports" tabIndex={0}>
            <table className="staff-table">
              <caption className="visually-hidden">Your exports, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Asked for</th>
                  <th scope="col">List</th>
                  <th scope="col">Filters</th>
                  <th scope="col">State</th>
                  <th scope="col">Rows</th>
                  <th scope="col">File</th>
                </tr>
              </thead>
              <tbody>
                {list.map((e) => (
                  <tr key={e.id}>
                    <td>{dateTimeIn(e.requested_at, timeZone)}</td>
                    <td>{e.label}</td>
                    <td>{filtersOf(e)}</td>
                    <td aria-live="polite">{e.state === 'failed' ? `${exportStateLabels.failed}: ${exportMessages.failed}` : exportStateLabels[e.state]}</td>
                    <td>{e.rows ?? '—'}</td>
                    <td>{e.state === 'ready' && <Button label="Download" aria-label={`Download ${e.file_name}`} variant="ghost" busy={saving === e.id} onClick={() => void save(e)} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          )
        }
      </QueryState>
    </div>
  );
}
