import type { z } from 'zod';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { useServerForm } from '@/lib/use-server-form';

interface CreateByNameDialogProps {
  open: boolean;
  onClose: () => void;
  /** "New course" */
  title: string;
  /** "Course name" */
  label: string;
  /** "Create course" */
  submitLabel: string;
  /** The shared schema of the name. */
  schema: z.ZodType;
  busy: boolean;
  /** Creates the record; its editor opens from here, so the dialog only reports the server's refusal. */
  create: (values: { name: string }) => Promise<unknown>;
}

/** A new draft from its name alone (a course, a bundle): the editor it opens on asks for the rest. */
export function CreateByNameDialog({ open, onClose, title, label, submitLabel, schema, busy, create }: CreateByNameDialogProps) {
  const { form, field, banner, showServerError } = useServerForm<{ name: string }>(schema, { name: '' });
  const submit = form.handleSubmit((values) => create(values).catch(showServerError));
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm">
      <form onSubmit={submit} noValidate>
        <FormBanner message={banner} />
        <TextField label={label} autoFocus error={form.formState.errors.name?.message} {...field('name')} />
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label={submitLabel} type="submit" busy={busy} />
        </div>
      </form>
    </Modal>
  );
}
