import { useNavigate } from 'react-router';
import { courseCreateSchema } from '@school/shared/staff/courses';
import { CreateByNameDialog } from '../../../components/create-by-name-dialog';
import { staffPaths } from '../../../config/staff-paths';
import { useCreateCourse } from '../api/course-calls';

/** New course: its name is all it needs; the settings page opens on the new draft. */
export function NewCourseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  return (
    <CreateByNameDialog
      open={open}
      onClose={onClose}
      title="New course"
      label="Course name"
      submitLabel="Create course"
      schema={courseCreateSchema.pick({ name: true })}
      busy={create.isPending}
      create={(values) => create.mutateAsync(values).then((course) => navigate(staffPaths.courseSettings(course.id)))}
    />
  );
}
