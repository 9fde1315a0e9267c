import { useCallback, useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { CLASS_SESSION_TYPES, classBodyOf, classFieldsSchema, classSessionSchema, type ClassSession, type StaffClass } from '@school/shared/staff/classes';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { useClassWrite } from '../api/class-calls';

/** Checks the inputs with the server's schema; its problems go under their fields, first one focused. */
function parsed<S extends z.ZodType, F extends FieldValues>(schema: S, input: unknown, setError: UseFormSetError<F>): z.infer<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  result.error.issues.forEach((issue, i) => setError(String(issue.path[0]) as Path<F>, { type: 'schema', message: issue.message }, { shouldFocus: i === 0 }));
  return null;
}

/** What a refused write says: who saved the class first (412), or the server's reason. */
function useRefusal() {
  const [conflict, setConflict] = useState<Conflict<StaffClass> | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const refuse = (failure: unknown) => {
    const refused = conflictOf<StaffClass>(failure);
    if (refused) setConflict(refused);
    else setBanner(errorDetail(failure) ?? 'The class could not be saved. Try again.');
  };
  const clear = useCallback(() => {
    setConflict(null);
    setBanner(null);
  }, []);
  return { conflict, banner, refuse, clear };
}

interface ClassForm {
  name: string;
  fee: string;
}

/** New class or Edit class: its name and fee; a new class gets its sessions on the calendar next. */
export function ClassDialog({ courseId, cls, onClose }: { courseId: number; cls: StaffClass | null | undefined; onClose: () => void }) {
  const open = cls !== undefined;
  const write = useClassWrite(courseId);
  const { register, handleSubmit, setError, reset, formState } = useForm<ClassForm>();
  const refusal = useRefusal();
  const { clear } = refusal;

  useEffect(() => {
    if (!open) return;
    reset({ name: cls?.name ?? '', fee: String(cls?.fee ?? 0) });
    clear();
  }, [open, cls, reset, clear]);

  const submit = handleSubmit(async (values) => {
    const fields = parsed(classFieldsSchema.pick({ name: true, fee: true }), { name: values.name, fee: values.fee.trim() === '' ? Number.NaN : Number(values.fee) }, setError);
    if (!fields) return;
    try {
      if (cls) await write.mutateAsync({ kind: 'save', cls, body: { ...classBodyOf(cls), ...fields } });
      else await write.mutateAsync({ kind: 'create', body: { ...fields, sessions: [] } });
      notify.success(cls ? `${fields.name} is saved.` : `${fields.name} was created. Add its sessions.`);
      onClose();
    } catch (failure) {
      refusal.refuse(failure);
    }
  });

  return (
    <Modal open={open} onClose={onClose} title={cls ? `Edit ${cls.name}` : 'New class'} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {refusal.conflict && <ConflictBanner what="this class" conflict={refusal.conflict} onReload={onClose} />}
        <FormBanner message={refusal.banner} />
        <TextField label="Class name" autoFocus error={formState.errors.name?.message} {...register('name')} />
        <TextField label="Fee (pesos; 0 for none)" inputMode="decimal" error={formState.errors.fee?.message} {...register('fee')} />
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label={cls ? 'Save class' : 'Create class'} type="submit" busy={write.isPending} />
        </div>
      </form>
    </Modal>
  );
}

type SessionForm = { class_id: string; date: string; start_time: string; end_time: string; instructor: string; type: string };

/** The session being added (to a class, on a day) or edited. */
export type SessionTarget = { cls: StaffClass; session: StaffClass['sessions'][number] | null; date: string };

/** Add session or Edit session: its day, hours, instructor and how it is held; the whole class is saved. */
export function SessionDialog({ courseId, classes, target, onClose }: { courseId: number; classes: StaffClass[]; target: SessionTarget | null; onClose: () => void }) {
  const write = useClassWrite(courseId);
  const { register, handleSubmit, setError, reset, formState } = useForm<SessionForm>();
  const refusal = useRefusal();
  const { clear } = refusal;
  const editing = target?.session ?? null;

  useEffect(() => {
    if (!target) return;
    const s = target.session;
    reset({ class_id: String(target.cls.id), date: s?.date ?? target.date, start_time: s?.start_time ?? '09:00', end_time: s?.end_time ?? '12:00', instructor: s?.instructor ?? '', type: s?.type ?? 'Online' });
    clear();
  }, [target, reset, clear]);

  async function send(cls: StaffClass, sessions: ClassSession[], done: string) {
    try {
      await write.mutateAsync({ kind: 'save', cls, body: classBodyOf(cls, sessions) });
      notify.success(done);
      onClose();
    } catch (failure) {
      refusal.refuse(failure);
    }
  }

  const submit = handleSubmit(async ({ class_id, ...values }) => {
    const cls = classes.find((c) => c.id === Number(class_id));
    if (!cls) return setError('class_id', { type: 'required', message: 'Choose the class.' });
    const session = parsed(classSessionSchema, { ...values, id: editing?.id }, setError);
    if (!session) return;
    // A new session goes without an id: the server adds it; an edited one keeps its own.
    const sessions: ClassSession[] = editing ? cls.sessions.map((s) => (s.id === editing.id ? { ...session, id: editing.id } : s)) : [...cls.sessions, session];
    await send(cls, sessions, editing ? 'The session is saved.' : `A session was added to ${cls.name}.`);
  });

  const errors = formState.errors;
  return (
    <Modal open={target !== null} onClose={onClose} title={editing ? 'Edit session' : 'Add session'} size="sm">
      {target && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {refusal.conflict && <ConflictBanner what="this class" conflict={refusal.conflict} onReload={onClose} />}
          <FormBanner message={refusal.banner} />
          <SelectField label="Class" placeholder="Choose the class" disabled={editing !== null} options={classes.map((c) => ({ value: String(c.id), label: c.name }))} error={errors.class_id?.message} {...register('class_id')} />
          <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
          <div className="field-row">
            <TextField label="Starts" type="time" error={errors.start_time?.message} {...register('start_time')} />
            <TextField label="Ends" type="time" error={errors.end_time?.message} {...register('end_time')} />
          </div>
          <TextField label="Instructor" error={errors.instructor?.message} {...register('instructor')} />
          <SelectField label="Held" placeholder="Choose" options={CLASS_SESSION_TYPES.map((t) => ({ value: t, label: t }))} error={errors.type?.message} {...register('type')} />
          <div className="response-actions">
            {editing && (
              <Button
                label="Delete session"
                variant="danger"
                busy={write.isPending}
                onClick={() => void send(target.cls, target.cls.sessions.filter((s) => s.id !== editing.id), 'The session was deleted.')}
              />
            )}
            <Button label="Cancel" variant="ghost" onClick={onClose} />
            <Button label={editing ? 'Save session' : 'Add session'} type="submit" busy={write.isPending} />
          </div>
        </form>
      )}
    </Modal>
  );
}
