import { useState } from 'react';
import type { CoursePatch, StaffCourse } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { conflictOf } from '../../../components/conflict-banner';
import { useUpdateCourse } from '../api/course-calls';
import { FileUpload } from './lesson-file-upload';

type Slot = 'image' | 'preview_video';
const slots: Record<Slot, { what: string; title: string; accept: string; field: keyof CoursePatch }> = {
  image: { what: 'image', title: 'Course image', accept: 'image/jpeg,image/png,image/webp', field: 'image_upload' },
  preview_video: { what: 'video', title: 'Preview video', accept: 'video/*', field: 'preview_video_upload' },
};

/**
 * The course's image and preview video: uploaded like a lesson's file, then saved at once (they are public files,
 * shown in the catalogue), apart from the settings' Save. `keepEdits` tells the settings form, around the save,
 * to keep what was typed there when the saved course (a new version) arrives.
 */
export function CourseMedia({ course, keepEdits }: { course: StaffCourse; keepEdits: (keep: boolean) => void }) {
  const update = useUpdateCourse();
  const [open, setOpen] = useState<Slot | null>(null);

  async function save(slot: Slot, value: string | null) {
    try {
      keepEdits(true);
      await update.mutateAsync({ course, patch: { [slots[slot].field]: value } });
      notify.success(value ? `The ${slots[slot].title.toLowerCase()} is saved.` : `The ${slots[slot].title.toLowerCase()} was taken away.`);
      return true;
    } catch (failure) {
      keepEdits(false);
      const refused = conflictOf<StaffCourse>(failure);
      notify.error(refused ? `${refused.by ?? 'Somebody'} saved this course after you opened it: reload the page, then try again.` : (errorDetail(failure) ?? 'The file could not be saved. Try again.'));
      return false;
    }
  }

  return (
    <div className="course-media">
      {(Object.keys(slots) as Slot[]).map((slot) => {
        const { what, title, accept } = slots[slot];
        const current = course[slot];
        return (
          <section key={slot} aria-label={title} className="question-card">
            <h3>{title}</h3>
            {current ? (
              slot === 'image' ? (
                <img src={current} alt="The course image" className="course-media-preview" />
              ) : (
                <video src={current} controls preload="metadata" className="course-media-preview" aria-label="The preview video" />
              )
            ) : (
              <p className="muted">None yet.</p>
            )}
            {open === slot ? (
              <FileUpload owner="the course" what={what} accept={accept} replacing={current !== null} target="the course" onReady={(id) => save(slot, id)} onClose={() => setOpen(null)} />
            ) : (
              course.abilities.update && (
                <div className="row-actions">
                  <Button variant="ghost" label={current ? `Replace ${what}` : `Upload ${what}`} onClick={() => setOpen(slot)} />
                  {current && <Button variant="ghost" label={`Remove ${what}`} busy={update.isPending} onClick={() => void save(slot, null)} />}
                </div>
              )
            )}
          </section>
        );
      })}
    </div>
  );
}
