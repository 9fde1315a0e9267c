import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { certificateSettingsPatchSchema, MAX_SIGNATORIES, staffCertificateMessages as m, type CertificateSettings } from '@school/shared/staff/certificates';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { useServerForm } from '@/lib/use-server-form';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { useUpdateCertificateSettings } from '../api/certificate-calls';
import { SignatureField } from './signature-field';

const formSchema = certificateSettingsPatchSchema.required().extend({ accreditation_number: z.string().trim().max(100, { error: m.accreditationLong }) });
type Values = z.infer<typeof formSchema>;

interface Props {
  settings: CertificateSettings;
  onReload: (current: CertificateSettings) => void;
}

/** What the school's new certificates print: up to three signatories in order, and the accreditation number. */
export function CertificateSettingsForm({ settings, onReload }: Props) {
  const update = useUpdateCertificateSettings();
  const [conflict, setConflict] = useState<Conflict<CertificateSettings> | null>(null);
  const { form, banner, showServerError } = useServerForm<Values>(formSchema, {
    signatories: settings.signatories.map(({ name, title, signature }) => ({ name, title, signature })),
    accreditation_number: settings.accreditation_number ?? '',
  });
  // The stored signatures' addresses: a signatory moved in the form keeps showing its own.
  const signatureUrls = new Map(settings.signatories.map((s) => [s.signature, s.signature_url]));
  const drafts = form.watch('signatories');
  const { errors } = form.formState;
  const signatories = useFieldArray({ control: form.control, name: 'signatories' });
  const listError = errors.signatories?.message ?? errors.signatories?.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ version: settings.version, patch: { signatories: values.signatories, accreditation_number: values.accreditation_number || null } });
      notify.success(m.saved);
    } catch (failure) {
      const refused = conflictOf<CertificateSettings>(failure);
      if (refused) return setConflict(refused);
      showServerError(failure);
    }
  });

  return (
    <form className="certificate-settings" aria-label="What new certificates print" noValidate onSubmit={(event) => void submit(event)}>
      {conflict && <ConflictBanner what="the school's settings" conflict={conflict} onReload={() => onReload(conflict.current)} />}
      <FormBanner message={banner} />
      <p className="muted">Certificates issued from now on print these; those already issued keep what they were issued with.</p>
      <TextField label="Accreditation number (MCLE provider)" error={errors.accreditation_number?.message} {...form.register('accreditation_number')} />
      <fieldset className="plain-fieldset">
        <legend>Signatories, in the order they are printed</legend>
        {listError && (
          <p className="field-error" role="alert">
            {listError}
          </p>
        )}
        {signatories.fields.length === 0 && <p className="empty-state">No signatories: the certificates print none.</p>}
        <ol className="signatory-list">
          {signatories.fields.map((item, index) => (
            <li key={item.id} className="question-card">
              <div className="field-row">
                <TextField label={`Name of signatory ${index + 1}`} error={errors.signatories?.[index]?.name?.message} {...form.register(`signatories.${index}.name`)} />
                <TextField label={`Title of signatory ${index + 1}`} error={errors.signatories?.[index]?.title?.message} {...form.register(`signatories.${index}.title`)} />
              </div>
              <SignatureField
                place={index + 1}
                url={signatureUrls.get(drafts[index]?.signature ?? null) ?? null}
                pending={Boolean(drafts[index]?.signature_upload)}
                onUpload={(id) => form.setValue(`signatories.${index}.signature_upload`, id, { shouldDirty: true })}
                onRemove={() => {
                  form.setValue(`signatories.${index}.signature_upload`, undefined, { shouldDirty: true });
                  form.setValue(`signatories.${index}.signature`, null, { shouldDirty: true });
                }}
              />
              <div className="row-actions">
                <Button variant="ghost" label="Up" aria-label={`Move signatory ${index + 1} up`} disabled={index === 0} onClick={() => signatories.move(index, index - 1)} />
                <Button variant="ghost" label="Down" aria-label={`Move signatory ${index + 1} down`} disabled={index === signatories.fields.length - 1} onClick={() => signatories.move(index, index + 1)} />
                <Button variant="ghost" label="Remove" aria-label={`Remove signatory ${index + 1}`} onClick={() => signatories.remove(index)} />
              </div>
            </li>
          ))}
        </ol>
        <Button variant="ghost" label="Add a signatory" disabled={signatories.fields.length >= MAX_SIGNATORIES} onClick={() => signatories.append({ name: '', title: '', signature: null })} />
      </fieldset>
      <div className="form-actions">
        <Button type="submit" label="Save" busy={update.isPending} />
      </div>
    </form>
  );
}
