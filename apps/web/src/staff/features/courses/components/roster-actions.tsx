import { useId, useState } from 'react';
import { rosterMessages, type RosterEntry } from '@school/shared/staff/roster';
import type { StaffClass } from '@school/shared/staff/classes';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { readServerError } from '@/lib/server-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRosterWrite } from '../api/roster-calls';
import { AttemptsDialog } from './attempts-dialog';

type Asking = 'move' | 'reset' | 'attempts' | 'cancel' | null;

/** A roster row's actions: Move (another class), Reset timer (a running course timer), Attempts (another exam attempt), Cancel (with the reason the student reads). */
export function RosterActions({ courseId, entry, classes }: { courseId: number; entry: RosterEntry; classes: StaffClass[] }) {
  const write = useRosterWrite(courseId);
  const [asking, setAsking] = useState<Asking>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const who = entry.student.name;

  const open = (what: Asking) => {
    setAsking(what);
    setProblem(null);
    setValue(what === 'move' ? String(entry.class?.id ?? '') : '');
  };
  const close = () => setAsking(null);
  const run = async (action: 'move' | 'reset-timer' | 'cancel', body: object, done: string) => {
    try {
      await write.mutateAsync({ enrolment: entry.id, action, body });
      notify.success(done);
      close();
    } catch (error) {
      const { fieldErrors, banner } = readServerError(error, ['class', 'reason']);
      const text = Object.values(fieldErrors)[0] ?? errorDetail(error) ?? banner;
      // The reset's dialog has no field to show it under.
      if (action === 'reset-timer') {
        close();
        notify.error(text ?? 'The timer could not be reset. Please try again.');
      } else setProblem(text);
    }
  };

  if (entry.status === 'cancelled') return null;
  return (
    <span className="settle-actions">
      {classes.length > 0 && <Button label="Move" variant="ghost" aria-label={`Move ${who} to another class`} onClick={() => open('move')} />}
      {entry.timer_started_at && <Button label="Reset timer" variant="ghost" aria-label={`Reset ${who}'s course timer`} onClick={() => open('reset')} />}
      <Button label="Attempts" variant="ghost" aria-label={`Exam attempts of ${who}`} onClick={() => open('attempts')} />
      <Button label="Cancel" variant="ghost" aria-label={`Cancel ${who}'s enrolment`} onClick={() => open('cancel')} />
      <AttemptsDialog courseId={courseId} enrolment={entry.id} who={who} open={asking === 'attempts'} onClose={close} />
      <Modal open={asking === 'move'} onClose={close} title="Move to another class" size="sm">
        <div className={`field ${problem ? 'has-error' : ''}`}>
          <label htmlFor={fieldId}>Class of {who}</label>
          <select id={fieldId} value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${fieldId}-error` : undefined}>
            <option value="">No class</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {problem && (
            <p id={`${fieldId}-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={close} />
          <Button label="Move" busy={write.isPending} onClick={() => void run('move', { class: value ? Number(value) : null }, `${who} is moved.`)} />
        </div>
      </Modal>
      <ConfirmDialog
        open={asking === 'reset'}
        title="Reset the course timer"
        message={`Reset ${who}'s course timer? It starts again at their next lesson.`}
        confirmLabel="Reset timer"
        busy={write.isPending}
        onConfirm={() => void run('reset-timer', {}, `${who}'s timer is reset.`)}
        onClose={close}
      />
      <Modal open={asking === 'cancel'} onClose={close} title="Cancel the enrolment" size="sm">
        <p>Cancel {who}&apos;s enrolment? Their access ends; their progress and records are kept, and enrolling them again takes them up.</p>
        <div className={`field ${problem ? 'has-error' : ''}`}>
          <label htmlFor={`${fieldId}-reason`}>Reason (the student reads it)</label>
          <textarea
            id={`${fieldId}-reason`}
            rows={3}
            maxLength={500}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${fieldId}-reason-error` : undefined}
          />
          {problem && (
            <p id={`${fieldId}-reason-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="response-actions">
          <Button label="Keep it" variant="ghost" onClick={close} />
          <Button
            label="Cancel enrolment"
            variant="danger"
            busy={write.isPending}
            onClick={() => (value.trim() ? void run('cancel', { reason: value }, `${who}'s enrolment is cancelled.`) : setProblem(rosterMessages.reasonRequired))}
          />
        </div>
      </Modal>
    </span>
  );
}
