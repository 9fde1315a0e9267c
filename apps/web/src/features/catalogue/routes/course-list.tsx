import { courseSorts } from '@school/shared/catalogue/rules';
import { useCourses } from '../api/catalogue-calls';
import { CatalogueList } from '../components/catalogue-list';
import { CourseCard } from '../components/course-card';

/** /courses (spec 2 §2). */
export function CourseList() {
  return (
    <CatalogueList
      title="Courses"
      searchLabel="Search courses"
      sorts={courseSorts}
      useList={useCourses}
      card={(course) => <CourseCard course={course} />}
      empty={() => (
        <>
          <h2>No courses found</h2>
          <p>We can't find what you are looking for, you can try narrowing it down in your search.</p>
        </>
      )}
    />
  );
}
