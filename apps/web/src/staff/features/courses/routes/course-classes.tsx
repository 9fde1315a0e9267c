import { useState } from 'react';
import { useParams } from 'react-router';
import { formatFee } from '@school/shared/catalogue/rules';
import { clockTime, shortDate, todayIn } from '@school/shared/school/dates';
import type { StaffClass } from '@school/shared/staff/classes';
import type { StaffCourse } from '@school/shared/staff/courses';
import { Button } from '@/components/button';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useClassWrite, useCourseClasses } from '../api/class-calls';
import { useStaffCourse } from '../api/course-calls';
import { ClassCalendar } from '../components/class-calendar';
import { ClassDialog, SessionDialog, type SessionTarget } from '../components/class-dialogs';
import { CourseNav } from '../components/course-nav';

/** /staff/courses/{id}/classes: the groups the course is taught in, each with its fee and sessions, on a calendar. */
export function CourseClasses() {
  const courseId = Number(useParams().id);
  const id = Number.isInteger(courseId) ? courseId : 0;
  const course = useStaffCourse(id);
  const classes = useCourseClasses(id);
  return (
    <div className="console-page">
      <QueryState query={course} what="The course">
        {(c) => (
          <>
            <div className="console-head">
              <h1>{c.name}</h1>
            </div>
            <CourseNav courseId={c.id} />
            <QueryState query={classes} what="The classes">
              {(list) => <ClassesView course={c} classes={list} />}
            </QueryState>
          </>
        )}
      </QueryState>
    </div>
  );
}

const sessionText = (s: StaffClass['sessions'][number]) => `${shortDate(s.date)}, ${clockTime(s.start_time)} – ${clockTime(s.end_time)} · ${s.instructor} · ${s.type}`;

function ClassesView({ course, classes }: { course: StaffCourse; classes: StaffClass[] }) {
  const school = useSchool();
  const timeZone = school.data?.time_zone ?? 'Asia/Manila';
  const write = useClassWrite(course.id);
  const [editing, setEditing] = useState<StaffClass | null | undefined>(undefined);
  const [session, setSession] = useState<SessionTarget | null>(null);
  const [deleting, setDeleting] = useState<StaffClass | null>(null);
  const today = todayIn(timeZone);

  async function remove(cls: StaffClass) {
    try {
      const answer = await write.mutateAsync({ kind: 'delete', cls });
      notify.success('detail' in answer ? answer.detail : `${cls.name} was deleted.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? `${cls.name} could not be deleted. Reload and try again.`);
    }
    setDeleting(null);
  }

  return (
    <>
      <p className="muted">
        {course.class_enrollment_only ? 'Students enrol in this course through one of its classes.' : 'Students may enrol in a class of this course, or in the course alone.'} Sessions show in
        their My Classes; times are in the school's time zone ({timeZone}).
      </p>
      <div className="console-head">
        <h2>Classes</h2>
        <Button label="New class" onClick={() => setEditing(null)} />
      </div>
      {classes.length === 0 && <p className="empty-state">No classes yet. Create the first one with New class.</p>}
      <ul className="class-list">
        {classes.map((cls) => (
          <li key={cls.id} className="question-card">
            <div className="question-card-head">
              <h3>{cls.name}</h3>
              <span className="muted">
                {formatFee(cls.fee)} · {cls.enrolments} enrolled
              </span>
            </div>
            {cls.sessions.length === 0 ? (
              <p className="muted">No sessions yet.</p>
            ) : (
              <ul className="class-sessions" aria-label={`Sessions of ${cls.name}`}>
                {cls.sessions.map((s) => (
                  <li key={s.id}>
                    <span>{sessionText(s)}</span>
                    <Button variant="link" label="Edit" aria-label={`Edit the session of ${shortDate(s.date)}, ${cls.name}`} onClick={() => setSession({ cls, session: s, date: s.date })} />
                  </li>
                ))}
              </ul>
            )}
            <div className="row-actions">
              <Button variant="ghost" label="Add session" aria-label={`Add session to ${cls.name}`} onClick={() => setSession({ cls, session: null, date: today })} />
              <Button variant="ghost" label="Edit" aria-label={`Edit ${cls.name}`} onClick={() => setEditing(cls)} />
              <Button variant="ghost" label="Delete" aria-label={`Delete ${cls.name}`} onClick={() => setDeleting(cls)} />
            </div>
          </li>
        ))}
      </ul>
      {classes.some((c) => c.sessions.length > 0) && (
        <section aria-labelledby="class-calendar">
          <h2 id="class-calendar">Calendar</h2>
          <ClassCalendar
            classes={classes}
            timeZone={timeZone}
            today={today}
            onSession={(cls, sessionId) => {
              const s = cls.sessions.find((x) => x.id === sessionId);
              if (s) setSession({ cls, session: s, date: s.date });
            }}
          />
        </section>
      )}
      <ClassDialog courseId={course.id} cls={editing} onClose={() => setEditing(undefined)} />
      <SessionDialog courseId={course.id} classes={classes} target={session} onClose={() => setSession(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this class?"
        message={`${deleting?.name ?? 'The class'} and its sessions will be deleted. A class somebody enrolled in or paid for cannot be deleted.`}
        confirmLabel="Delete"
        danger
        busy={write.isPending}
        onConfirm={() => void (deleting && remove(deleting))}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
