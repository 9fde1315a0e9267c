import { NavLink } from 'react-router';
import { staffPaths } from '../../../config/staff-paths';

/** A course's pages in the console: its settings, its outline, its classes and its students. */
export function CourseNav({ courseId }: { courseId: number }) {
  return (
    <nav aria-label="Course" className="course-nav">
      <NavLink to={staffPaths.courseSettings(courseId)}>Settings</NavLink>
      <NavLink to={staffPaths.courseOutline(courseId)}>Outline</NavLink>
      <NavLink to={staffPaths.courseClasses(courseId)}>Classes</NavLink>
      <NavLink to={staffPaths.courseStudents(courseId)}>Students</NavLink>
    </nav>
  );
}
