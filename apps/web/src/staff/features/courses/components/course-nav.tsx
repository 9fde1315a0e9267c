import { NavLink } from 'react-router';
import { staffPaths } from '../../../config/staff-paths';

/** A course's pages in the console: its settings and its outline. */
export function CourseNav({ courseId }: { courseId: number }) {
  return (
    <nav aria-label="Course" className="course-nav">
      <NavLink to={staffPaths.courseSettings(courseId)}>Settings</NavLink>
      <NavLink to={staffPaths.courseOutline(courseId)}>Outline</NavLink>
    </nav>
  );
}
