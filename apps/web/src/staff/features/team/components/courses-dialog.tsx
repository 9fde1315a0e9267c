import { useEffect, useState } from 'react';
import type { TeamMember } from '@school/shared/staff/team';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { QueryState } from '../../../components/query-state';
import { useSetCourses, useTeamCourses } from '../api/team-calls';

/** An instructor's courses, ticked from the school's list and saved as a whole. */
export function CoursesDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const courses = useTeamCourses(member !== null);
  const save = useSetCourses();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    setChosen(new Set(member?.courses.map((c) => c.id)));
    setBanner(null);
  }, [member]);

  const toggle = (id: number) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function submit() {
    if (!member) return;
    try {
      await save.mutateAsync({ id: member.id, courses: [...chosen] });
      notify.success(`${member.name}'s courses are saved.`);
      onClose();
    } catch (failure) {
      setBanner(errorDetail(failure) ?? 'The courses could not be saved. Reload the page and try again.');
    }
  }

  return (
    <Modal open={member !== null} onClose={onClose} title={`Courses of ${member?.name ?? 'the instructor'}`}>
      <QueryState query={courses} what="The courses" empty="The school has no courses yet." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <form
            className="console-form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <FormBanner message={banner} />
            <fieldset>
              <legend>Courses they edit and grade</legend>
              {list.map((course) => (
                <label key={course.id} className="check-field">
                  <input type="checkbox" checked={chosen.has(course.id)} onChange={() => toggle(course.id)} /> {course.name}
                </label>
              ))}
            </fieldset>
            <div className="response-actions">
              <Button label="Cancel" variant="ghost" onClick={onClose} />
              <Button label="Save courses" type="submit" busy={save.isPending} />
            </div>
          </form>
        )}
      </QueryState>
    </Modal>
  );
}
