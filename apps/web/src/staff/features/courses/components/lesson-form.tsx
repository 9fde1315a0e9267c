import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import type { OutlineLesson, StaffOutline } from '@school/shared/staff/outline';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { readServerError } from '@/lib/server-errors';
import { ConflictBanner, conflictOf } from '../../../components/conflict-banner';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useFormBase } from '../../../lib/use-form-base';
import { useOutlineWrite, useShowOutline } from '../api/outline-calls';
import { formOf, patchOf, takesLength, takesUrl, type LessonForm } from './lesson-form-model';

const urlLabels: Partial<Record<OutlineLesson['type'], string>> = {
  yt: 'YouTube address',
  sc: 'SoundCloud address',
  link: 'Address of the page',
};

/** The server's field names, as this form's inputs. */
const inputOfServerField: Record<string, keyof LessonForm> = { media_seconds: 'length', live_class: 'date' };

interface Props {
  courseId: number;
  lesson: OutlineLesson;
  /** Another save moved the lesson's version (its questions, say): editors of the lesson's parts read it again. */
  onSaved: () => void;
}

/**
 * A lesson's own fields for its type, saved to the version it was loaded at (a 412 says who saved first and offers
 * theirs). The inputs are checked with the server's schema before sending.
 */
export function LessonFormCard({ courseId, lesson, onSaved }: Props) {
  const write = useOutlineWrite(courseId);
  const show = useShowOutline(courseId);
  const form = useForm<LessonForm>({ defaultValues: formOf(lesson) });
  const { register, handleSubmit, control, formState, setError } = form;
  const errors = formState.errors;
  const { base, stale, adopt, refuse } = useFormBase(form, lesson, formOf);
  const [banner, setBanner] = useState<string | null>(null);
  const lessonIn = (outline: StaffOutline) => outline.modules.flatMap((m) => m.lessons).find((l) => l.id === lesson.id);

  function showProblems(problems: Record<string, string>) {
    Object.entries(problems).forEach(([input, message], i) => setError(input as Path<LessonForm>, { type: 'server', message }, { shouldFocus: i === 0 }));
  }

  const submit = handleSubmit(async (values) => {
    const made = patchOf(lesson.type, values);
    if ('problems' in made) return showProblems(made.problems);
    setBanner(null);
    try {
      const saved = lessonIn(await write.mutateAsync({ kind: 'edit-lesson', id: lesson.id, version: base.version, patch: made.patch }));
      if (saved) adopt(saved);
      notify.success('The lesson is saved.');
      onSaved();
    } catch (failure) {
      const refused = conflictOf<StaffOutline>(failure);
      const current = refused && lessonIn(refused.current);
      if (refused && current) {
        show(refused.current);
        return refuse({ ...refused, current });
      }
      const { fieldErrors, banner: text } = readServerError(failure, [...Object.keys(formOf(lesson)), ...Object.keys(inputOfServerField)], []);
      showProblems(Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [inputOfServerField[field] ?? field, message])));
      setBanner(text);
    }
  });

  const type = lesson.type;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="console-form" aria-labelledby="lesson-fields">
      <h2 id="lesson-fields">Lesson</h2>
      {stale && <ConflictBanner what="this lesson" conflict={stale} onReload={() => adopt(stale.current)} />}
      <FormBanner message={banner} />
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <div className="field">
        <label htmlFor="lesson-description">Description</label>
        <textarea id="lesson-description" rows={3} {...register('description')} />
        {errors.description?.message && (
          <p className="field-error" role="alert">
            {errors.description.message}
          </p>
        )}
      </div>
      {takesUrl(type) && <TextField label={urlLabels[type] ?? 'Address'} type="url" placeholder="https://" error={errors.url?.message} {...register('url')} />}
      {takesLength(type) && <TextField label="Length (minutes:seconds)" inputMode="numeric" placeholder="12:30" error={errors.length?.message} {...register('length')} />}
      {type === 'html' && (
        <Controller
          control={control}
          name="content"
          render={({ field, fieldState }) => <RichTextEditor label="Text of the lesson" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />} />
      )}
      {type === 'class' && (
        <fieldset className="plain-fieldset">
          <legend>Session (the school&apos;s time zone)</legend>
          <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
          <TextField label="Starts at" type="time" error={errors.start_time?.message} {...register('start_time')} />
          <TextField label="Ends at" type="time" error={errors.end_time?.message} {...register('end_time')} />
          <label className="check-field">
            <input type="checkbox" {...register('use_studios')} /> Held in the school&apos;s studio (not a Jitsi room)
          </label>
          <TextField label="Recording address (after the class)" type="url" placeholder="https://" error={errors.recording?.message} {...register('recording')} />
          <TextField
            label="Minutes present that complete the class (empty: the whole class, less the tolerance)"
            inputMode="numeric"
            error={errors.attendance_minutes?.message}
            {...register('attendance_minutes')}
          />
        </fieldset>
      )}
      <div className="form-actions">
        <Button label="Save lesson" type="submit" busy={write.isPending} />
      </div>
    </form>
  );
}
