import type { StaffCourse } from '@school/shared/staff/courses';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { conflictOf } from '../../../components/conflict-banner';
import { MediaSlots, type MediaSlot } from '../../../components/media-slots';
import { useUpdateCourse } from '../api/course-calls';

/**
 * The course's image and preview video, saved at once (they are public files, shown in the catalogue). `keepEdits`
 * tells the settings form, around the save, to keep what was typed there when the saved course (a new version) arrives.
 */
export function CourseMedia({ course, keepEdits }: { course: StaffCourse; keepEdits: (keep: boolean) => void }) {
  const update = useUpdateCourse();
  const slots: MediaSlot[] = [
    { field: 'image_upload', kind: 'image', title: 'Course image', accept: 'image/jpeg,image/png,image/webp', current: course.image, alt: 'The course image' },
    { field: 'preview_video_upload', kind: 'video', title: 'Preview video', accept: 'video/*', current: course.preview_video, alt: 'The preview video' },
  ];

  async function save(slot: MediaSlot, value: string | null) {
    try {
      keepEdits(true);
      await update.mutateAsync({ course, patch: { [slot.field]: value } });
      notify.success(value ? `The ${slot.title.toLowerCase()} is saved.` : `The ${slot.title.toLowerCase()} was taken away.`);
      return true;
    } catch (failure) {
      keepEdits(false);
      const refused = conflictOf<StaffCourse>(failure);
      notify.error(refused ? `${refused.by ?? 'Somebody'} saved this course after you opened it: reload the page, then try again.` : (errorDetail(failure) ?? 'The file could not be saved. Try again.'));
      return false;
    }
  }

  return <MediaSlots slots={slots} owner="the course" canEdit={course.abilities.update} busy={update.isPending} onSave={save} />;
}
