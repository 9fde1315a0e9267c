import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { scoreProblem, type GradingAnswer } from '@school/shared/staff/grading';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

interface GradeFormProps {
  answer: GradingAnswer;
  busy: boolean;
  /** The server's answer to a refused save, by field. */
  errors: { score?: string; detail?: string };
  onSave: (grade: { score: number; feedback: string }, next: boolean) => void;
}

/** The score and feedback of one answer; Ctrl+Enter (⌘+Enter) saves and opens the next waiting answer. */
export function GradeForm({ answer, busy, errors, onSave }: GradeFormProps) {
  const feedbackId = useId();
  const [score, setScore] = useState(answer.score === null ? '' : String(answer.score));
  const [feedback, setFeedback] = useState(answer.feedback);
  const [problem, setProblem] = useState<string | null>(null);
  const disabled = !answer.may_grade;

  const save = (next: boolean) => {
    const value = score.trim() === '' ? null : Number(score);
    const found = scoreProblem(value, answer.question.points);
    setProblem(found);
    if (!found && value !== null) onSave({ score: value, feedback }, next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(true);
  };
  const shortcut = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !disabled && !busy) {
      event.preventDefault();
      save(true);
    }
  };

  return (
    <form className="grade-form" onSubmit={submit} onKeyDown={shortcut} noValidate aria-label="Grade">
      <TextField
        label={`Score (0 to ${answer.question.points})`}
        type="number"
        inputMode="decimal"
        min={0}
        max={answer.question.points}
        step="any"
        value={score}
        onChange={(event) => setScore(event.target.value)}
        error={problem ?? errors.score}
        disabled={disabled}
        autoFocus={!disabled}
      />
      <div className="field">
        <label htmlFor={feedbackId}>Feedback to the student</label>
        <textarea id={feedbackId} rows={4} maxLength={5000} value={feedback} onChange={(event) => setFeedback(event.target.value)} disabled={disabled} />
      </div>
      {errors.detail && (
        <p className="banner banner-error" role="alert">
          {errors.detail}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" label="Save and next" busy={busy} disabled={disabled} aria-keyshortcuts="Control+Enter" />
        <Button variant="ghost" label="Save" busy={busy} disabled={disabled} onClick={() => save(false)} />
        <span className="muted">Ctrl+Enter saves and opens the next answer.</span>
      </div>
    </form>
  );
}
