import { Controller, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { SchoolSettings } from '@school/shared/staff/school-settings';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { RichTextEditor } from '../../../components/rich-text-editor';

interface Props {
  control: Control<SchoolSettings>;
  register: UseFormRegister<SchoolSettings>;
  errors: FieldErrors<SchoolSettings>;
}

/** The school's FAQ page: questions with their answers in rich text, added, moved and removed; the form saves them. */
export function FaqEditor({ control, register, errors }: Props) {
  const sections = useFieldArray({ control, name: 'faq_sections' });
  const listError = errors.faq_sections?.message ?? errors.faq_sections?.root?.message;
  return (
    <div className="faq-editor">
      <p className="muted">The questions show on the site&apos;s FAQs page in this order. With none, the site has no FAQ page of its own.</p>
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      {sections.fields.length === 0 && <p className="empty-state">No questions yet.</p>}
      <ol className="faq-editor-list">
        {sections.fields.map((item, index) => (
          <li key={item.id} className="question-card">
            <TextField label={`Question ${index + 1}`} error={errors.faq_sections?.[index]?.question?.message} {...register(`faq_sections.${index}.question`)} />
            <Controller
              control={control}
              name={`faq_sections.${index}.answer`}
              render={({ field, fieldState }) => <RichTextEditor label={`Answer ${index + 1}`} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
            />
            <div className="row-actions">
              <Button variant="ghost" label={`Move question ${index + 1} up`} disabled={index === 0} onClick={() => sections.move(index, index - 1)} />
              <Button variant="ghost" label={`Move question ${index + 1} down`} disabled={index === sections.fields.length - 1} onClick={() => sections.move(index, index + 1)} />
              <Button variant="ghost" label={`Remove question ${index + 1}`} onClick={() => sections.remove(index)} />
            </div>
          </li>
        ))}
      </ol>
      <Button variant="ghost" label="Add a question" onClick={() => sections.append({ question: '', answer: '' }, { shouldFocus: true })} />
    </div>
  );
}
