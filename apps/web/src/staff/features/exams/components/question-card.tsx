import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { EXAM_QUESTION_TYPES } from '@school/shared/exams/rules';
import { isAutoScored } from '@school/shared/exams/rules';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { choicesOf, type ExamForm } from './exam-form-model';

export const questionTypeLabels: Record<(typeof EXAM_QUESTION_TYPES)[number], string> = {
  radio: 'One choice',
  checkbox: 'Several choices',
  select: 'One choice from a list',
  text: 'Short answer',
  textarea: 'Essay',
  file: 'File upload',
};

interface Props {
  /** The card's key among the sortable questions. */
  sortId: string;
  index: number;
  count: number;
  survey: boolean;
  control: Control<ExamForm>;
  register: UseFormRegister<ExamForm>;
  errors: FieldErrors<ExamForm>;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/**
 * One question of the editor: its kind, text, choices with the answer key, points and notes; moved by its handle
 * (pointer, or Space and the arrow keys) or with Up and Down.
 */
export function QuestionCard({ sortId, index, count, survey, control, register, errors, onMove, onRemove }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortId });
  const type = useWatch({ control, name: `questions.${index}.type` });
  const choices = choicesOf(useWatch({ control, name: `questions.${index}.choices` }) ?? '');
  const error = errors.questions?.[index];
  const name = `Question ${index + 1}`;
  const choice = isAutoScored(type);
  return (
    <li ref={setNodeRef} className={`question-card ${isDragging ? 'is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <fieldset className="plain-fieldset">
        <legend className="question-legend">{name}</legend>
        <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${name}`}>
          <span aria-hidden="true">⠿</span>
        </button>
        <SelectField label="Kind of question" placeholder="Choose" options={EXAM_QUESTION_TYPES.map((t) => ({ value: t, label: questionTypeLabels[t] }))} {...register(`questions.${index}.type`)} />
        <div className={`field ${error?.text ? 'has-error' : ''}`}>
          <label htmlFor={`question-${index}-text`}>Question</label>
          <textarea id={`question-${index}-text`} rows={3} {...register(`questions.${index}.text`)} />
          {error?.text && <p className="field-error" role="alert">{error.text.message}</p>}
        </div>
        {choice && (
          <div className={`field ${error?.choices ? 'has-error' : ''}`}>
            <label htmlFor={`question-${index}-choices`}>Choices, one per line</label>
            <textarea id={`question-${index}-choices`} rows={4} {...register(`questions.${index}.choices`)} />
            {error?.choices && <p className="field-error" role="alert">{error.choices.message}</p>}
          </div>
        )}
        {choice && !survey && choices.length > 0 && (
          <fieldset className={`field ${error?.correct ? 'has-error' : ''}`}>
            <legend>{type === 'checkbox' ? 'Correct answers' : 'Correct answer'}</legend>
            {choices.map((c, i) => (
              <label key={`${i}-${c}`} className="check-field">
                <input type={type === 'checkbox' ? 'checkbox' : 'radio'} value={c} {...register(`questions.${index}.correct`)} /> {c}
              </label>
            ))}
            {error?.correct && <p className="field-error" role="alert">{error.correct.message}</p>}
          </fieldset>
        )}
        {!survey && <TextField label="Points" inputMode="numeric" error={error?.points?.message} {...register(`questions.${index}.points`)} />}
        <TextField label="Notes shown with the question" error={error?.notes?.message} {...register(`questions.${index}.notes`)} />
        {survey && type === 'radio' && (
          <label className="check-field">
            <input type="checkbox" {...register(`questions.${index}.rating`)} /> The course&apos;s rating (choices best first)
          </label>
        )}
        {error?.rating && <p className="field-error" role="alert">{error.rating.message}</p>}
        <div className="row-actions">
          <Button variant="ghost" label="Up" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)} />
          <Button variant="ghost" label="Down" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)} />
          <Button variant="ghost" label="Remove" aria-label={`Remove ${name}`} onClick={onRemove} />
        </div>
      </fieldset>
    </li>
  );
}
