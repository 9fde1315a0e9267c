import { useId } from 'react';
import { pointsLabel } from '@school/shared/exams/rules';
import type { ExamQuestion } from '@school/shared/exams/schemas';

/** What a question holds while the student answers it: the values, or the chosen file. */
export type Draft = string[] | File;

/** One question with the input of its type (spec 2 §3, §5); `error` is the required or the server's message. */
export function ExamQuestionField({ question, number, draft, error, onChange }: { question: ExamQuestion; number: number; draft: Draft; error: string | null; onChange: (draft: Draft) => void }) {
  const id = useId();
  const values = draft instanceof File ? [] : draft;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className="exam-question" aria-describedby={describedBy}>
      <legend>
        <span className="exam-question-number">Question {number}</span> {question.text} <span className="muted">({pointsLabel(question.points)})</span>
      </legend>
      {question.notes && <p className="muted">{question.notes}</p>}
      {(question.type === 'radio' || question.type === 'checkbox') && (
        <div className="exam-choices">
          {question.choices.map((choice) => (
            <label key={choice}>
              <input
                type={question.type}
                name={id}
                value={choice}
                checked={values.includes(choice)}
                onChange={(e) => onChange(question.type === 'checkbox' ? (e.target.checked ? [...values, choice] : values.filter((v) => v !== choice)) : [choice])}
              />{' '}
              {choice}
            </label>
          ))}
        </div>
      )}
      {question.type === 'select' && (
        <select aria-label={`Answer to question ${number}`} value={values[0] ?? ''} onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}>
          <option value="">Select an answer</option>
          {question.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      )}
      {question.type === 'text' && <input aria-label={`Answer to question ${number}`} value={values[0] ?? ''} onChange={(e) => onChange([e.target.value])} />}
      {question.type === 'textarea' && <textarea aria-label={`Answer to question ${number}`} rows={6} value={values[0] ?? ''} onChange={(e) => onChange([e.target.value])} />}
      {question.type === 'file' && (
        <>
          <input aria-label={`Answer to question ${number}`} type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => e.target.files?.[0] && onChange(e.target.files[0])} />
          {question.answer?.file && (
            <p>
              Uploaded: <a href={question.answer.file}>{question.answer.answer[0]}</a>
            </p>
          )}
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
