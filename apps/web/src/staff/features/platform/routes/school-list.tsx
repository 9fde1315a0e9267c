import { useState } from 'react';
import { Link } from 'react-router';
import { PLATFORM_SCHOOLS_PAGE_SIZE, platformSchoolQuerySchema, type PlatformSchool } from '@school/shared/platform/schools';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { SearchBox } from '@/components/search-box';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { platformPaths } from '../../../config/staff-paths';
import { useListFilters } from '../../../lib/use-list-filters';
import { usePlatformSchools } from '../api/platform-calls';
import { NewSchoolDialog } from '../components/new-school-dialog';

const states = [
  { value: 'all', label: 'Every school' },
  { value: 'active', label: 'Open' },
  { value: 'inactive', label: 'Deactivated' },
] as const;

const columns: DataColumn<PlatformSchool>[] = [
  {
    id: 'name',
    header: 'School',
    cell: ({ row: { original: s } }) => (
      <>
        <Link to={platformPaths.school(s.id)}>{s.name}</Link>
        <br />
        <a className="muted" href={s.address} target="_blank" rel="noreferrer">
          {s.primary_host ?? s.domain}
        </a>
      </>
    ),
  },
  { id: 'students', header: 'Students', cell: ({ row }) => row.original.students },
  { id: 'courses', header: 'Courses', cell: ({ row }) => row.original.courses },
  { id: 'staff', header: 'Staff', cell: ({ row }) => row.original.staff },
  { id: 'enrolments', header: 'Enrolments', cell: ({ row }) => row.original.enrolments },
  { id: 'state', header: 'State', cell: ({ row }) => (row.original.is_active ? 'Open' : 'Deactivated') },
];

/** /admin: every school on the platform with how much it holds, searched and paged on the server. */
export function SchoolList() {
  const { filters, update } = useListFilters(platformSchoolQuerySchema);
  const list = usePlatformSchools(filters);
  const [creating, setCreating] = useState(false);
  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Schools</h1>
        <Button label="New school" onClick={() => setCreating(true)} />
      </div>
      <div className="list-controls-row">
        <SearchBox label="Search by name or domain" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
        <InlineSelect label="Show" value={filters.state} options={states} onChange={(state) => update({ state })} />
      </div>
      <DataTable
        caption="The platform's schools by name"
        columns={columns}
        query={list}
        what="The schools"
        empty={filters.search || filters.state !== 'all' ? 'No school matches this search.' : 'No school yet: create the first one.'}
        perPage={PLATFORM_SCHOOLS_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
      <NewSchoolDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
