import { useId, type ChangeEvent } from 'react';
import type { KycTemplate, UserId } from '@school/shared/kyc/schemas';
import { Image } from '@/components/image';
import { SelectField } from '@/components/select-field';
import { KycErrorList } from './kyc-error-list';
import { isAboutKind, type IdSlot } from './kyc-submission';

export const slotLabel = (position: number) => (position === 0 ? 'First ID' : 'Second ID');
export const templateName = (templates: KycTemplate[], id: number | null) => templates.find((t) => t.id === id)?.template_name ?? 'ID';

/** An ID the server has: its kind, its photo, and its badge, Verified or Pending (spec 1 §4). */
export function SavedId({ position, saved, templateName }: { position: number; saved: UserId; templateName: string }) {
  return (
    <figure className="kyc-card">
      <figcaption>
        <span>
          {slotLabel(position)}: {templateName}
        </span>
        <span className={`kyc-badge ${saved.verified ? 'is-verified' : 'is-pending'}`}>{saved.verified ? 'Verified' : 'Pending'}</span>
      </figcaption>
      <Image src={saved.photo_id ?? undefined} alt={`Your ${templateName}`} className="kyc-photo" />
    </figure>
  );
}

interface IdSlotFieldProps {
  position: number;
  slot: IdSlot;
  templates: KycTemplate[];
  errors: string[] | undefined;
  onTemplate: (template: string) => void;
  /** Answers whether the photo was taken; a refused one is cleared from the picker. */
  onImage: (file: File) => Promise<boolean>;
}

/** An ID still to send: its kind, a photo picked from the device with a preview, and what is wrong with it. */
export function IdSlotField({ position, slot, templates, errors, onTemplate, onImage }: IdSlotFieldProps) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const described = errors?.length ? errorsId : undefined;
  const templateWrong = errors?.some(isAboutKind);
  const imageWrong = errors?.some((error) => !isAboutKind(error));
  const label = slotLabel(position);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (file && !(await onImage(file))) input.value = '';
  }

  return (
    <fieldset className={`kyc-card ${errors?.length ? 'has-error' : ''}`}>
      <legend>{label}</legend>
      <SelectField
        label="ID Type"
        placeholder="Select an ID"
        options={templates.map((t) => ({ value: String(t.id), label: t.template_name }))}
        value={slot.template}
        onChange={(event) => onTemplate(event.target.value)}
        aria-invalid={templateWrong || undefined}
        aria-describedby={described}
      />
      <div className="field">
        <label htmlFor={`${id}-photo`}>ID Photo (PNG or JPEG)</label>
        <input id={`${id}-photo`} type="file" accept=".png,.jpg,.jpeg" aria-invalid={imageWrong || undefined} aria-describedby={described} onChange={pick} />
      </div>
      {slot.image && <img src={slot.image} alt={`The photo chosen for your ${label.toLowerCase()}`} className="kyc-photo" />}
      <KycErrorList id={errorsId} errors={errors} />
    </fieldset>
  );
}
