import { useState } from 'react';
import { useParams } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { ROSTER_PAGE_SIZE, ROSTER_STANDINGS, rosterQuerySchema, rosterStandingLabels, type RosterEntry } from '@school/shared/staff/roster';
import type { StaffClass } from '@school/shared/staff/classes';
import type { StaffCourse } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { SearchBox } from '@/components/search-box';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { useListFilters } from '../../../lib/use-list-filters';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useCourseClasses } from '../api/class-calls';
import { useStaffCourse } from '../api/course-calls';
import { useRoster } from '../api/roster-calls';
import { CourseNav } from '../components/course-nav';
import { EnrolDialog } from '../components/enrol-dialog';
import { ImportDialog } from '../components/import-dialog';
import { RosterActions } from '../components/roster-actions';

/** /staff/courses/{id}/students: the course's roster; administrators enrol, move, reset a timer and cancel from here. */
export function CourseStudents() {
  const courseId = Number(useParams().id);
  const id = Number.isInteger(courseId) ? courseId : 0;
  const course = useStaffCourse(id);
  const classes = useCourseClasses(id);
  return (
    <div className="console-page">
      <QueryState query={course} what="The course">
        {(c) => (
          <>
            <div className="console-head">
              <h1>{c.name}</h1>
            </div>
            <CourseNav courseId={c.id} />
            <QueryState query={classes} what="The classes">
              {(list) => <Roster course={c} classes={list} />}
            </QueryState>
          </>
        )}
      </QueryState>
    </div>
  );
}

function Roster({ course, classes }: { course: StaffCourse; classes: StaffClass[] }) {
  const { filters, update } = useListFilters(rosterQuerySchema);
  const roster = useRoster(course.id, filters);
  const manages = useStaffMe().data?.permissions.includes('enrolment.manage') ?? false;
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const [enrolling, setEnrolling] = useState(false);
  const [importing, setImporting] = useState(false);
  const when = (iso: string | null) => (iso ? dateTimeIn(iso, timeZone) : '—');

  const columns: DataColumn<RosterEntry>[] = [
    {
      id: 'student',
      header: 'Student',
      cell: ({ row }) => (
        <>
          {row.original.student.name}
          <br />
          <span className="muted">{row.original.student.email}</span>
        </>
      ),
    },
    { id: 'roll', header: 'Roll number', cell: ({ row }) => row.original.student.roll_number ?? '—' },
    { id: 'class', header: 'Class', cell: ({ row }) => row.original.class?.name ?? '—' },
    { id: 'status', header: 'Status', cell: ({ row }) => row.original.status_label },
    { id: 'progress', header: 'Progress', cell: ({ row }) => `${row.original.progress} %` },
    { id: 'active', header: 'Last active', cell: ({ row }) => when(row.original.last_active_at) },
    ...(manages ? [{ id: 'actions', header: 'Actions', cell: ({ row }) => <RosterActions courseId={course.id} entry={row.original} classes={classes} /> } satisfies DataColumn<RosterEntry>] : []),
  ];

  return (
    <>
      <div className="console-head">
        <h2>Students</h2>
        {manages && (
          <span className="settle-actions">
            <Button label="Enrol a student" onClick={() => setEnrolling(true)} />
            <Button label="Import from CSV" variant="ghost" onClick={() => setImporting(true)} />
          </span>
        )}
      </div>
      <div className="filter-form" role="group" aria-label="Filter the students">
        <SearchBox label="Search by name, e-mail or roll number" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
        <div className="field">
          <label htmlFor="roster-standing">Standing</label>
          <select id="roster-standing" value={filters.standing ?? ''} onChange={(event) => update({ standing: event.target.value })}>
            <option value="">Everybody</option>
            {ROSTER_STANDINGS.map((s) => (
              <option key={s} value={s}>
                {rosterStandingLabels[s]}
              </option>
            ))}
          </select>
        </div>
        {classes.length > 0 && (
          <div className="field">
            <label htmlFor="roster-class">Class</label>
            <select id="roster-class" value={filters.class ?? ''} onChange={(event) => update({ class: event.target.value })}>
              <option value="">Every class</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <DataTable
        caption="The course's students, the latest enrolled first"
        columns={columns}
        query={roster}
        what="The students"
        empty={filters.search || filters.standing || filters.class ? 'No student matches these filters.' : 'Nobody is enrolled yet.'}
        perPage={ROSTER_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
      {manages && <EnrolDialog courseId={course.id} classes={classes} open={enrolling} onClose={() => setEnrolling(false)} />}
      {manages && <ImportDialog courseId={course.id} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
