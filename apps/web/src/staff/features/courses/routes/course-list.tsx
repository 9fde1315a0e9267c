import { useState } from 'react';
import { Link } from 'react-router';
import { formatFee } from '@school/shared/catalogue/rules';
import { courseStatusLabels as statusLabels, STAFF_PAGE_SIZE, staffCourseListQuerySchema, staffCourseSortLabels, type StaffCourseRow } from '@school/shared/staff/courses';
import type { Permission } from '@school/shared/staff/permissions';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { RelativeTime } from '@/components/relative-time';
import { SearchBox } from '@/components/search-box';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { staffPaths } from '../../../config/staff-paths';
import { useListFilters } from '../../../lib/use-list-filters';
import { useStaffMe } from '../../../lib/use-staff-me';
import { useStaffCourses } from '../api/course-calls';
import { useExportCourse } from '../api/course-package-calls';
import { ImportCourseDialog } from '../components/import-course-dialog';
import { NewCourseDialog } from '../components/new-course-dialog';
import { PublishProblemsDialog } from '../components/publish-problems-dialog';
import { useCourseActions } from '../components/use-course-actions';

const statusOptions = [{ value: '', label: 'Published and drafts' }, ...Object.entries(statusLabels).map(([value, label]) => ({ value, label }))];
const sorts = Object.keys(staffCourseSortLabels);

/** /staff/courses: every course of the school, drafts included, with its actions; the filters live in the address. */
export function CourseList() {
  const me = useStaffMe();
  const { filters, update } = useListFilters(staffCourseListQuerySchema);
  const courses = useStaffCourses(filters);
  const actions = useCourseActions();
  const exportCourse = useExportCourse();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<StaffCourseRow | null>(null);
  const can = (permission: Permission) => me.data?.permissions.includes(permission) ?? false;

  const columns: DataColumn<StaffCourseRow>[] = [
    { id: 'name', header: 'Name', cell: ({ row }) => <Link to={staffPaths.courseSettings(row.original.id)}>{row.original.name}</Link> },
    { id: 'status', header: 'Status', cell: ({ row }) => <span className={`status-badge status-${row.original.status}`}>{statusLabels[row.original.status]}</span> },
    { id: 'fee', header: 'Fee', cell: ({ row }) => formatFee(row.original.fee) },
    { id: 'instructors', header: 'Instructors', cell: ({ row }) => row.original.instructors.map((i) => i.name).join(', ') || '—' },
    { id: 'enrolments', header: 'Enrolments', cell: ({ row }) => row.original.enrolments },
    { id: 'updated_at', header: 'Last edited', cell: ({ row }) => <RelativeTime iso={row.original.updated_at} /> },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => {
        const course = row.original;
        return (
          <div className="row-actions">
            {can('course.publish') && course.status !== 'archived' && (
              <Button
                variant="ghost"
                label={course.status === 'published' ? 'Unpublish' : 'Publish'}
                aria-label={`${course.status === 'published' ? 'Unpublish' : 'Publish'} ${course.name}`}
                onClick={() => void actions.run(course, course.status === 'published' ? 'unpublish' : 'publish')}
              />
            )}
            {can('course.create') && <Button variant="ghost" label="Duplicate" aria-label={`Duplicate ${course.name}`} onClick={() => void actions.run(course, 'duplicate')} />}
            {can('course.create') && (
              <Button
                variant="ghost"
                label="Export"
                aria-label={`Export ${course.name}`}
                busy={exportCourse.isPending && exportCourse.variables.id === course.id}
                onClick={() => exportCourse.mutate(course, { onError: (error) => notify.error(errorDetail(error) ?? 'The course could not be exported. Try again.') })}
              />
            )}
            {can('course.delete') && course.status !== 'archived' && <Button variant="ghost" label="Delete" aria-label={`Delete ${course.name}`} onClick={() => setDeleting(course)} />}
          </div>
        );
      },
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Courses</h1>
        {can('course.create') && (
          <div className="row-actions">
            <Button variant="ghost" label="Import a course" onClick={() => setImporting(true)} />
            <Button label="New course" onClick={() => setCreating(true)} />
          </div>
        )}
      </div>
      <div className="list-controls-row">
        <SearchBox label="Search courses" value={filters.search ?? ''} onSearch={(search) => update({ search })} />
        <InlineSelect label="Show" value={filters.status ?? ''} options={statusOptions} onChange={(status) => update({ status })} />
        <InlineSelect label="Sort by" value={filters.sort} options={Object.entries(staffCourseSortLabels).map(([value, label]) => ({ value, label }))} onChange={(sort) => update({ sort })} />
      </div>
      <DataTable
        caption="Courses"
        columns={columns}
        query={courses}
        what="The courses"
        empty="No courses match. Create one with New course."
        perPage={STAFF_PAGE_SIZE}
        sorting={{ sort: filters.sort, sorts, onSort: (sort) => update({ sort }) }}
        onPage={(page) => update({ page })}
      />
      <NewCourseDialog open={creating} onClose={() => setCreating(false)} />
      <ImportCourseDialog open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this course?"
        message={
          deleting && deleting.enrolments > 0
            ? `${deleting.name} has enrolments, so it will be archived: it leaves the catalogue and its students keep it.`
            : `${deleting?.name ?? 'The course'} and its lessons will be deleted for good.`
        }
        confirmLabel={deleting && deleting.enrolments > 0 ? 'Archive' : 'Delete'}
        danger
        busy={actions.busy}
        onConfirm={() => void (deleting && actions.run(deleting, 'delete').then(() => setDeleting(null)))}
        onClose={() => setDeleting(null)}
      />
      <PublishProblemsDialog courseId={actions.problems?.courseId ?? 0} problems={actions.problems?.list ?? null} onClose={actions.clearProblems} />
    </div>
  );
}
