import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { BLANK_MARKER } from '@school/shared/learning/rules';
import { VIDEO_QUESTION_TYPES } from '@school/shared/learning/schemas';
import { videoAnswerKind, videoQuestionTypeLabels } from '@school/shared/staff/video-questions';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { choicesOf, type QuestionsForm } from './video-question-model';

interface Props {
  index: number;
  control: Control<QuestionsForm>;
  register: UseFormRegister<QuestionsForm>;
  errors: FieldErrors<QuestionsForm>;
  placing: boolean;
  onPlace: () => void;
  onSeek: () => void;
  onRemove: () => void;
}

function FieldError({ message }: { message?: string }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** One question of an interactive video: when it pauses the video, where it sits, what it asks and accepts. */
export function VideoQuestionCard({ index, control, register, errors, placing, onPlace, onSeek, onRemove }: Props) {
  const base = `questions.${index}` as const;
  const id = useId();
  const question = useWatch({ control, name: base });
  const kind = videoAnswerKind(question.type);
  const problems = errors.questions?.[index];
  const title = `Question ${index + 1}`;
  return (
    <li className="question-card">
      <fieldset className="plain-fieldset">
        <legend className="question-legend">{title}</legend>
        <div className="question-card-head">
          <div className="row-actions">
            <Button variant="ghost" label="Go to its second" aria-label={`Go to its second: ${title}`} onClick={onSeek} />
            <Button variant="ghost" label="Place on the video" aria-pressed={placing} aria-label={`Place on the video: ${title}`} onClick={onPlace} />
            <Button variant="ghost" label="Remove" aria-label={`Remove ${title}`} onClick={onRemove} />
          </div>
        </div>
        <SelectField label="Kind of question" options={VIDEO_QUESTION_TYPES.map((type) => ({ value: type, label: videoQuestionTypeLabels[type] }))} {...register(`${base}.type`)} />
        <TextField label="Pauses at second" inputMode="numeric" error={problems?.timestamp?.message} {...register(`${base}.timestamp`)} />
        <div className="field">
          <label htmlFor={`${id}-content`}>{kind === 'none' ? 'Information' : 'Question'}</label>
          <textarea id={`${id}-content`} rows={2} aria-describedby={kind === 'blanks' ? `${id}-blanks` : undefined} {...register(`${base}.content`)} />
          {kind === 'blanks' && (
            <p id={`${id}-blanks`} className="field-hint">
              Write {BLANK_MARKER} where each blank goes.
            </p>
          )}
          <FieldError message={problems?.content?.message} />
        </div>
        {(kind === 'one' || kind === 'several') && (
          <>
            <div className="field">
              <label htmlFor={`${id}-choices`}>Choices, one per line</label>
              <textarea id={`${id}-choices`} rows={3} {...register(`${base}.choices`)} />
              <FieldError message={problems?.choices?.message} />
            </div>
            <fieldset className="plain-fieldset">
              <legend>{kind === 'one' ? 'The correct choice' : 'The correct choices'}</legend>
              {choicesOf(question).length === 0 && <p className="muted">Write the choices first.</p>}
              {choicesOf(question).map((choice, i) => (
                <label key={i} className="check-field">
                  <input type={kind === 'one' ? 'radio' : 'checkbox'} value={choice} {...register(`${base}.correct`)} /> {choice}
                </label>
              ))}
              <FieldError message={problems?.correct?.message} />
            </fieldset>
          </>
        )}
        {(kind === 'typed' || kind === 'blanks') && (
          <div className="field">
            <label htmlFor={`${id}-accepted`}>{kind === 'typed' ? 'Accepted answers, one per line' : 'Answer of each blank, one per line, in order'}</label>
            <textarea id={`${id}-accepted`} rows={2} {...register(`${base}.accepted`)} />
            <FieldError message={problems?.accepted?.message} />
          </div>
        )}
        {kind !== 'none' && (
          <div className="field">
            <label htmlFor={`${id}-remarks`}>Explanation, shown once answered</label>
            <textarea id={`${id}-remarks`} rows={2} {...register(`${base}.remarks`)} />
          </div>
        )}
        <div className="field-row">
          <TextField label="Across (% of the width)" inputMode="numeric" error={problems?.x?.message} {...register(`${base}.x`)} />
          <TextField label="Down (% of the height)" inputMode="numeric" error={problems?.y?.message} {...register(`${base}.y`)} />
        </div>
      </fieldset>
    </li>
  );
}
