import { courseSorts } from '@school/shared/catalogue/rules';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useCourses } from '../api/catalogue-calls';
import { CourseCard } from '../components/course-card';
import { ListControls } from '../components/list-controls';
import { useListParams } from '../components/use-list-params';

/** /courses (spec 2 §2). */
export function CourseList() {
  const { data: school } = useSchool();
  const { params, update } = useListParams();
  const courses = useCourses(params);
  return (
    <main>
      <PageHeader title="Courses" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Courses' }]} />
      <div className="container catalogue">
        <ListControls params={params} update={update} sorts={courseSorts} searchLabel="Search courses" />
        {courses.isPending ? (
          <Loading />
        ) : courses.data && courses.data.count > 0 ? (
          <>
            <div className="card-grid" aria-busy={courses.isFetching}>
              {courses.data.data.map((course) => (
                <CourseCard key={course.id} course={course} />
              ))}
            </div>
            <Pager page={courses.data.page} pages={courses.data.pages} count={courses.data.count} perPage={6} onPage={(page) => update({ page })} />
          </>
        ) : (
          <div className="empty-state">
            <h2>No courses found</h2>
            <p>We can't find what you are looking for, you can try narrowing it down in your search.</p>
          </div>
        )}
      </div>
    </main>
  );
}
