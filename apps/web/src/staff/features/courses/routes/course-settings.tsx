import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { courseStatusLabels as statusLabels, type StaffCourse } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useCategories } from '../api/category-calls';
import { courseKeys, useStaffCourse } from '../api/course-calls';
import { useLecturers } from '../api/lecturer-calls';
import { CourseNav } from '../components/course-nav';
import { CourseSettingsForm } from '../components/course-settings-form';
import { PublishProblemsDialog } from '../components/publish-problems-dialog';
import { useCourseActions } from '../components/use-course-actions';


/** /staff/courses/{id}/settings: every setting of a course, its state, and Publish / Unpublish. */
export function CourseSettings() {
  const id = Number(useParams().id);
  const course = useStaffCourse(Number.isInteger(id) ? id : 0);
  const subcategories = useCategories();
  const lecturers = useLecturers();
  const client = useQueryClient();
  const actions = useCourseActions();
  const reload = (current: StaffCourse) => client.setQueryData(courseKeys.one(current.id), current);

  return (
    <div className="console-page">
      <p>
        <Link to={staffPaths.courses}>Courses</Link>
      </p>
      <QueryState query={course} what="The course">
        {(data) => (
          <>
            <div className="console-head">
              <h1>{data.name}</h1>
              <span className={`status-badge status-${data.status}`}>{statusLabels[data.status]}</span>
              <div className="row-actions">
                <Link className="btn btn-ghost" to={paths.course(data.slug)}>
                  Preview as student
                </Link>
                {data.abilities.publish && data.status !== 'archived' && (
                  <Button
                    label={data.status === 'published' ? 'Unpublish' : 'Publish'}
                    busy={actions.busy}
                    onClick={() => void actions.run(data, data.status === 'published' ? 'unpublish' : 'publish').then((result) => result && 'id' in result && reload(result))}
                  />
                )}
              </div>
            </div>
            <CourseNav courseId={data.id} />
            <p className="muted">
              {data.enrolments} {data.enrolments === 1 ? 'enrolment' : 'enrolments'} · {data.units} units · version {data.version}
              {data.updated_by && ` · last saved by ${data.updated_by.name}`}
            </p>
            {/* The form starts once the choices are there: a select shows its value only among its options. */}
            <QueryState query={subcategories} what="The subcategories">
              {(list) => (
                <QueryState query={lecturers} what="The lecturers">
                  {(people) => (
                    <CourseSettingsForm course={data} categories={list} lecturers={people} onReload={reload} />
                  )}
                </QueryState>
              )}
            </QueryState>
            <PublishProblemsDialog courseId={data.id} problems={actions.problems?.list ?? null} onClose={actions.clearProblems} />
          </>
        )}
      </QueryState>
    </div>
  );
}
