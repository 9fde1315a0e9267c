import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dateTimeIn } from '@school/shared/school/dates';
import { CERTIFICATES_PAGE_SIZE, CERTIFICATE_STATES, staffCertificateQuerySchema, type CertificateSettings, type StaffCertificate } from '@school/shared/staff/certificates';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { SearchBox } from '@/components/search-box';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { useListFilters } from '../../../lib/use-list-filters';
import { certificateSettingsKey, useCertificateSettings, useReissueCertificate, useStaffCertificates } from '../api/certificate-calls';
import { CertificateSettingsForm } from '../components/certificate-settings-form';
import { RevokeDialog } from '../components/revoke-dialog';
import './certificates.css';

const stateLabels: Record<(typeof CERTIFICATE_STATES)[number], string> = { all: 'Every certificate', valid: 'Valid', revoked: 'Revoked' };
const states = CERTIFICATE_STATES.map((value) => ({ value, label: stateLabels[value] }));

/**
 * /staff/certificates: the school's issued certificates, searched and paged on the server, each revoked with a
 * reason or reissued after a correction of the student's name; and what new certificates print.
 */
export function CertificatesPage() {
  const { filters, update } = useListFilters(staffCertificateQuerySchema);
  const list = useStaffCertificates(filters);
  const settings = useCertificateSettings();
  const reissue = useReissueCertificate();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<StaffCertificate | null>(null);
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const when = (iso: string) => dateTimeIn(iso, timeZone);

  async function redraw(c: StaffCertificate) {
    try {
      await reissue.mutateAsync(c.id);
      notify.success(`The certificate is reissued to ${c.current_name}.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? 'The certificate could not be reissued. Try again.');
    }
  }

  const columns: DataColumn<StaffCertificate>[] = [
    {
      id: 'learner',
      header: 'Student',
      cell: ({ row: { original: c } }) => (
        <>
          {c.learner}
          {c.current_name !== c.learner && <span className="muted"> (now {c.current_name})</span>}
          <br />
          <span className="muted">{c.email}</span>
        </>
      ),
    },
    { id: 'course', header: 'Course', cell: ({ row }) => row.original.course },
    {
      id: 'code',
      header: 'Code',
      cell: ({ row: { original: c } }) => (
        <a href={c.address} target="_blank" rel="noreferrer">
          <code>{c.code}</code>
        </a>
      ),
    },
    { id: 'issued', header: 'Issued', cell: ({ row: { original: c } }) => (c.reissued_at ? `${when(c.issued_at)} (reissued ${when(c.reissued_at)})` : when(c.issued_at)) },
    {
      id: 'state',
      header: 'State',
      cell: ({ row: { original: c } }) =>
        c.revoked_at ? (
          <span className="certificate-state is-revoked">
            Revoked {when(c.revoked_at)}: {c.revoked_reason}
          </span>
        ) : (
          <span className="certificate-state">Valid</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: c } }) =>
        c.revoked_at ? null : (
          <div className="row-actions">
            {c.current_name !== c.learner && (
              <Button variant="ghost" label="Reissue" aria-label={`Reissue the certificate of ${c.learner} as ${c.current_name}`} busy={reissue.isPending && reissue.variables === c.id} onClick={() => void redraw(c)} />
            )}
            <Button variant="ghost" label="Revoke" aria-label={`Revoke the certificate of ${c.learner} for ${c.course}`} onClick={() => setRevoking(c)} />
          </div>
        ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Certificates</h1>
      </div>
      <div className="list-controls-row">
        <SearchBox label="Search by name, e-mail, course or code" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
        <InlineSelect label="Show" value={filters.state} options={states} onChange={(state) => update({ state })} />
      </div>
      <DataTable
        caption="Issued certificates, the latest first"
        columns={columns}
        query={list}
        what="The certificates"
        empty={filters.search || filters.state !== 'all' ? 'No certificate matches this search.' : 'No certificate has been issued yet.'}
        perPage={CERTIFICATES_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
      <h2>What new certificates print</h2>
      <QueryState query={settings} what="The certificate settings">
        {(data) => <CertificateSettingsForm key={data.version} settings={data} onReload={(current: CertificateSettings) => client.setQueryData(certificateSettingsKey, current)} />}
      </QueryState>
      <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
