import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { kycMessages, MANUAL_LOCK_DAYS } from '@school/shared/kyc/rules';
import type { KycErrors, KycStatus, KycTemplate } from '@school/shared/kyc/schemas';
import type { School } from '@school/shared/school/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { notify } from '@/components/toast';
import { notifyKycReviewers, useKycUpload } from '../api/kyc-calls';
import { readIdImage } from './id-image';
import { IdSlotField, SavedId, templateName } from './id-slot';
import { hasErrors, initialSlots, isAboutKind, isDuplicate, isKept, readUploadError, slotKey, submissionProblems, uploadBody, withSecondSlot, type IdSlot } from './kyc-submission';
import { SelfieCapture } from './selfie-capture';

const REVIEWERS_NOT_TOLD = "Your IDs were sent for manual verification, but the school's administrators could not be told. Please let the school know.";

/**
 * The IDs and the selfie to send (spec 1 §4, §5): the page's checks first, then the server's findings under the
 * fields they are about. 'Submit for Manual Verification' replaces 'Submit' once the automatic checks have failed
 * too often; it sends the IDs to the school's staff and tells them.
 */
export function KycForm({ status, school, templates }: { status: KycStatus; school: School; templates: KycTemplate[] }) {
  const primaryId = school.config.products.primary_id;
  const [slots, setSlots] = useState(() => initialSlots(status.user_ids, primaryId));
  const [selfie, setSelfie] = useState<string | null>(null);
  const [errors, setErrors] = useState<KycErrors>(status.errors);
  const [banner, setBanner] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const upload = useKycUpload();
  const queryClient = useQueryClient();
  const manual = status.retry_limit_reached && hasErrors(status.errors);

  // The first field in error takes the focus (spec 1 §5), after the errors are on screen.
  useEffect(() => {
    if (focusRequest) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .kyc-selfie.has-error button')?.focus();
  }, [focusRequest]);

  /** A field's errors after an edit: those `keep` says are still true, and a new one. */
  function editErrors(key: keyof KycErrors, keep: (message: string) => boolean, added?: string) {
    setErrors((current) => {
      const list = [...(current[key] ?? []).filter(keep), ...(added ? [added] : [])];
      return { ...current, [key]: list.length ? list : undefined };
    });
  }

  function chooseTemplate(position: number, template: string) {
    const next = withSecondSlot(slots.map((slot, i) => (i === position ? { ...slot, template } : slot)), primaryId);
    setSlots(next);
    editErrors(slotKey(position), (message) => !isAboutKind(message));
    // A second slot that goes takes its errors with it.
    if (next.length < slots.length) editErrors('id1', () => false);
  }

  async function chooseImage(position: number, file: File) {
    const read = await readIdImage(file);
    const problem = 'error' in read ? read.error : isDuplicate(slots, position, read.image) ? kycMessages.duplicateImage : undefined;
    // Whatever was said about the earlier photo (the automatic check's findings too) is said of it no more.
    editErrors(slotKey(position), isAboutKind, problem);
    if ('error' in read || problem) return false;
    setSlots((current) => current.map((slot, i) => (i === position ? { ...slot, image: read.image } : slot)));
    return true;
  }

  function takeSelfie(taken: string | null) {
    setSelfie(taken);
    if (taken) editErrors('selfie', () => false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    const problems = submissionProblems(slots, selfie);
    // (`!selfie` is among the problems; said again for the type.)
    if (hasErrors(problems) || !selfie) {
      setErrors(problems);
      setFocusRequest((n) => n + 1);
      return;
    }
    try {
      await upload.mutateAsync(uploadBody(school.id, slots, selfie, manual));
      if (manual) await notifyKycReviewers(school.id).catch(() => notify.error(REVIEWERS_NOT_TOLD));
    } catch (error) {
      const refused = readUploadError(error);
      setErrors(refused.errors);
      setBanner(refused.banner);
      if (hasErrors(refused.errors)) setFocusRequest((n) => n + 1);
      // A refusal of the whole submission (a check already running, the IDs already verified): show where it stands.
      else void queryClient.invalidateQueries({ queryKey: ['kyc-status'] });
    }
  }

  const slotView = (slot: IdSlot, position: number) =>
    isKept(slot) && slot.saved ? (
      <SavedId key={position} position={position} saved={slot.saved} templateName={templateName(templates, slot.saved.template)} />
    ) : (
      <IdSlotField
        key={position}
        position={position}
        slot={slot}
        templates={templates}
        errors={errors[slotKey(position)]}
        onTemplate={(template) => chooseTemplate(position, template)}
        onImage={(file) => chooseImage(position, file)}
      />
    );

  return (
    <form ref={form} className="kyc-form" onSubmit={submit} noValidate>
      <FormBanner message={banner} />
      <div className="kyc-slots">{slots.map(slotView)}</div>
      <SelfieCapture selfie={selfie} onSelfie={takeSelfie} errors={errors.selfie} />
      {!manual ? (
        <Button type="submit" label="Submit" busy={upload.isPending} />
      ) : (
        // While a manual submission's lock lasts, the standing above says until when.
        !status.manual_locked_until && (
          <div className="kyc-actions">
            <p className="muted">The school&apos;s staff will check your IDs and selfie by hand. You can send them for manual verification once every {MANUAL_LOCK_DAYS} days.</p>
            <Button type="submit" label="Submit for Manual Verification" busy={upload.isPending} />
          </div>
        )
      )}
    </form>
  );
}
