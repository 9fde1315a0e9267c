import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatFee } from '@school/shared/catalogue/rules';
import { BUNDLE_PAGE_SIZE, bundleFieldsSchema, staffBundleListQuerySchema, type StaffBundleRow } from '@school/shared/staff/bundles';
import { Button } from '@/components/button';
import { SearchBox } from '@/components/search-box';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CreateByNameDialog } from '../../../components/create-by-name-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { staffPaths } from '../../../config/staff-paths';
import { useListFilters } from '../../../lib/use-list-filters';
import { useCreateBundle, useDeleteBundle, useStaffBundles } from '../api/bundle-calls';

/** /staff/bundles: the school's bundles of courses sold at one price; New bundle, Edit, Delete. */
export function BundleList() {
  const { filters, update } = useListFilters(staffBundleListQuerySchema);
  const bundles = useStaffBundles(filters);
  const remove = useDeleteBundle();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<StaffBundleRow | null>(null);

  async function confirmDelete(bundle: StaffBundleRow) {
    try {
      notify.success((await remove.mutateAsync(bundle)).detail);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? `${bundle.name} could not be deleted. Reload the list and try again.`);
    }
    setDeleting(null);
  }

  const columns: DataColumn<StaffBundleRow>[] = [
    { id: 'name', header: 'Bundle', cell: ({ row }) => <Link to={staffPaths.bundle(row.original.id)}>{row.original.name}</Link> },
    { id: 'courses', header: 'Courses', cell: ({ row }) => row.original.courses },
    { id: 'price', header: 'Price', cell: ({ row }) => formatFee(row.original.price) },
    { id: 'enrolments', header: 'Enrolled', cell: ({ row }) => row.original.enrolments },
    { id: 'status', header: 'Status', cell: ({ row }) => <span className={`status-badge status-${row.original.is_published ? 'published' : 'draft'}`}>{row.original.is_published ? 'Published' : 'Draft'}</span> },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => (
        <div className="row-actions">
          <Link className="btn btn-ghost" to={staffPaths.bundle(row.original.id)} aria-label={`Edit ${row.original.name}`}>
            Edit
          </Link>
          <Button variant="ghost" label="Delete" aria-label={`Delete ${row.original.name}`} onClick={() => setDeleting(row.original)} />
        </div>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Bundles</h1>
        <Button label="New bundle" onClick={() => setCreating(true)} />
      </div>
      <div className="list-controls-row">
        <SearchBox label="Search bundles" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
      </div>
      <DataTable
        caption="Bundles"
        columns={columns}
        query={bundles}
        what="The bundles"
        empty="No bundles match. Put courses together with New bundle."
        perPage={BUNDLE_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
      <NewBundleDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this bundle?"
        message={`${deleting?.name ?? 'The bundle'} and its vouchers will be deleted; its courses stay. A bundle somebody enrolled in or paid for cannot be deleted: unpublish it instead.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void (deleting && confirmDelete(deleting))}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** New bundle: a draft with its name; the editor opens on it to choose the courses and the price. */
function NewBundleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateBundle();
  return (
    <CreateByNameDialog
      open={open}
      onClose={onClose}
      title="New bundle"
      label="Bundle name"
      submitLabel="Create bundle"
      schema={bundleFieldsSchema.pick({ name: true })}
      busy={create.isPending}
      create={(values) => create.mutateAsync(values).then((bundle) => navigate(staffPaths.bundle(bundle.id)))}
    />
  );
}
