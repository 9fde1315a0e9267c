import { Link } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { STUDENTS_PAGE_SIZE, staffStudentQuerySchema, type StaffStudent } from '@school/shared/staff/students';
import { SearchBox } from '@/components/search-box';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { staffPaths } from '../../../config/staff-paths';
import { useListFilters } from '../../../lib/use-list-filters';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useStaffStudents } from '../api/student-calls';

/** /staff/students: who studies at the school (an instructor: in their courses), searched and paged on the server. */
export function StudentList() {
  const { filters, update } = useListFilters(staffStudentQuerySchema);
  const students = useStaffStudents(filters);
  const me = useStaffMe().data;
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const when = (iso: string | null) => (iso ? dateTimeIn(iso, timeZone) : '—');

  const columns: DataColumn<StaffStudent>[] = [
    {
      id: 'student',
      header: 'Student',
      cell: ({ row }) => (
        <>
          <Link to={staffPaths.student(row.original.id)}>{row.original.name}</Link>
          <br />
          <span className="muted">{row.original.email}</span>
        </>
      ),
    },
    { id: 'roll', header: 'Roll number', cell: ({ row }) => row.original.roll_number ?? '—' },
    { id: 'courses', header: 'Courses', cell: ({ row }) => row.original.courses },
    { id: 'enrolled', header: 'Last enrolled', cell: ({ row }) => when(row.original.enrolled_at) },
    { id: 'active', header: 'Last active', cell: ({ row }) => when(row.original.last_active_at) },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Students</h1>
      </div>
      {me?.role === 'IN' && <p className="muted">The students of the courses assigned to you.</p>}
      <SearchBox label="Search by name, e-mail or roll number" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
      <DataTable
        caption="Students, the latest enrolled first"
        columns={columns}
        query={students}
        what="The students"
        empty={filters.search ? 'No student matches this search.' : 'Nobody has enrolled yet.'}
        perPage={STUDENTS_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
    </div>
  );
}
