import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { exportMessages, type ExportRequest, type StaffExport } from '@school/shared/staff/exports';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { api } from '@/lib/api-client';
import { errorDetail } from '@/lib/api-error';
import { staffPaths } from '../config/staff-paths';

/** Asks for a list's file; the Exports page (its query under ['staff', 'exports']) reads again. */
function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequest) => api<StaffExport>('/staff/exports/', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'exports'] }),
  });
}

/** "Export CSV" of a list (or a report's file, by its label): asks for the file with the filters; the job makes it, Exports lists it. */
export function ExportButton({ request, label = 'Export CSV' }: { request: ExportRequest; label?: string }) {
  const ask = useRequestExport();
  const run = async () => {
    try {
      await ask.mutateAsync(request);
      notify.success(exportMessages.requested);
    } catch (error) {
      notify.error(errorDetail(error) ?? 'The export could not be asked for. Please try again.');
    }
  };
  return (
    <span className="export-actions">
      <Button label={label} variant="ghost" busy={ask.isPending} onClick={() => void run()} />
      <Link to={staffPaths.exports}>Exports</Link>
    </span>
  );
}
