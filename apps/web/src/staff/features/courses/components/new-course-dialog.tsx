import { useNavigate } from 'react-router';
import { courseCreateSchema } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { useServerForm } from '@/lib/use-server-form';
import { staffPaths } from '../../../config/staff-paths';
import { useCreateCourse } from '../api/course-calls';

/** New course: its name is all it needs; the settings page opens on the new draft. */
export function NewCourseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const { form, field, banner, showServerError } = useServerForm<{ name: string }>(courseCreateSchema.pick({ name: true }), { name: '' });

  const submit = form.handleSubmit((values) =>
    create.mutateAsync(values).then((course) => navigate(staffPaths.courseSettings(course.id)), showServerError),
  );

  return (
    <Modal open={open} onClose={onClose} title="New course" size="sm">
      <form onSubmit={submit} noValidate>
        <FormBanner message={banner} />
        <TextField label="Course name" autoFocus error={form.formState.errors.name?.message} {...field('name')} />
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Create course" type="submit" busy={create.isPending} />
        </div>
      </form>
    </Modal>
  );
}
