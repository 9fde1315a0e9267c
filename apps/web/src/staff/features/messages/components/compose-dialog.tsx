import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, messageAudienceLabels, messageMessages, newMessageSchema, type MessageAudience, type MessageAudiences } from '@school/shared/staff/messages';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { readServerError } from '@/lib/server-errors';
import { useSendMessage } from '../api/message-calls';

type ComposeForm = { audience: string; course: string; class: string; subject: string; body: string };
const EMPTY: ComposeForm = { audience: 'course', course: '', class: '', subject: '', body: '' };
const FIELDS = ['audience', 'course', 'class', 'subject', 'body'] as const;
const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;

/** How many the chosen audience reaches today, for the sentence above Send. */
function reach(audiences: MessageAudiences, values: ComposeForm) {
  if (values.audience === 'school') return audiences.school?.students ?? null;
  const course = audiences.courses.find((c) => String(c.id) === values.course);
  if (!course) return null;
  if (values.audience === 'course') return course.students;
  return course.classes.find((c) => String(c.id) === values.class)?.students ?? null;
}

/** A new announcement: to whom (a course, one of its classes, the whole school), its subject and text. */
export function ComposeDialog({ audiences, open, onClose, onSent }: { audiences: MessageAudiences; open: boolean; onClose: () => void; onSent: (id: number) => void }) {
  const send = useSendMessage();
  const { register, handleSubmit, setError, setValue, reset, watch, formState } = useForm<ComposeForm>({ defaultValues: EMPTY });
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);
  const values = watch();

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setBanner(null);
  }, [open, reset]);

  const show = (problems: Record<string, string>) => Object.entries(problems).forEach(([field, message], i) => setError(field as keyof ComposeForm, { type: 'server', message }, { shouldFocus: i === 0 }));

  const submit = handleSubmit(async (form) => {
    setBanner(null);
    const parsed = newMessageSchema.safeParse({ ...form, course: form.course ? Number(form.course) : null, class: form.class ? Number(form.class) : null });
    if (!parsed.success) return show(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    try {
      const sent = await send.mutateAsync(parsed.data);
      notify.success(messageMessages.queued);
      onSent(sent.id);
    } catch (failure) {
      // An audience without students is told in the banner, above the choice it is about.
      const { fieldErrors, banner: text } = readServerError(failure, FIELDS, ['audience']);
      show(fieldErrors);
      setBanner(text);
    }
  });

  const kinds: MessageAudience[] = ['course', ...(audiences.courses.some((c) => c.classes.length) ? (['class'] as const) : []), ...(audiences.school ? (['school'] as const) : [])];
  const course = audiences.courses.find((c) => String(c.id) === values.course);
  const reached = reach(audiences, values);
  return (
    <Modal open={open} onClose={onClose} title="New message">
      <form onSubmit={(event) => void submit(event)} noValidate className="console-form">
        <FormBanner message={banner} />
        <SelectField label="To" options={kinds.map((kind) => ({ value: kind, label: messageAudienceLabels[kind] }))} {...register('audience')} />
        {values.audience !== 'school' && (
          <SelectField
            label="Course"
            placeholder="Choose a course"
            options={audiences.courses.map((c) => ({ value: String(c.id), label: `${c.name} (${students(c.students)})` }))}
            error={errors.course?.message}
            // Another course's classes are not this one's.
            {...register('course', { onChange: () => setValue('class', '') })}
          />
        )}
        {values.audience === 'class' && (
          <SelectField
            label="Class"
            placeholder={course?.classes.length ? 'Choose a class' : 'This course has no classes'}
            options={(course?.classes ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${students(c.students)})` }))}
            error={errors.class?.message}
            {...register('class')}
          />
        )}
        <TextField label="Subject" maxLength={MESSAGE_SUBJECT_MAX} error={errors.subject?.message} {...register('subject')} />
        <div className={`field ${errors.body ? 'has-error' : ''}`}>
          <label htmlFor="message-body">Message</label>
          <textarea id="message-body" rows={8} maxLength={MESSAGE_BODY_MAX} aria-invalid={errors.body ? true : undefined} aria-describedby={errors.body ? 'message-body-error' : 'message-body-hint'} {...register('body')} />
          <p id="message-body-hint" className="muted">
            Plain text; a blank line starts a new paragraph.
          </p>
          {errors.body && (
            <p id="message-body-error" className="field-error" role="alert">
              {errors.body.message}
            </p>
          )}
        </div>
        {reached !== null && (
          <p role="status">
            This goes to {students(reached)} in the bell, and by e-mail to those who have not turned announcements off.
          </p>
        )}
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Send" type="submit" busy={send.isPending} />
        </div>
      </form>
    </Modal>
  );
}
