import { Link } from 'react-router';
import type { PublishProblem } from '@school/shared/staff/courses';
import { Modal } from '@/components/modal';
import { staffPaths } from '../../../config/staff-paths';

/** Why Publish was refused: every problem, each lesson's linked to where it is fixed. */
export function PublishProblemsDialog({ courseId, problems, onClose }: { courseId: number; problems: PublishProblem[] | null; onClose: () => void }) {
  return (
    <Modal open={problems !== null} onClose={onClose} title="This course is not ready to publish" size="md">
      <ul className="problem-list">
        {problems?.map((problem) => (
          <li key={`${problem.lesson ?? 'course'}-${problem.message}`}>
            {problem.message} {!problem.lesson && <Link to={staffPaths.courseSettings(courseId)}>Open the settings</Link>}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
