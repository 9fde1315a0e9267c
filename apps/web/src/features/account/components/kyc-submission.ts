import { sessionMessages } from '@school/shared/auth/messages';
import { kycMessages as msg, needsSecondId } from '@school/shared/kyc/rules';
import { kycErrorsSchema, type KycErrors, type KycUploadBody, type UserId } from '@school/shared/kyc/schemas';
import { ApiError } from '@/lib/api-error';

/** One ID as the form holds it: the kind chosen (the select's value), a new photo, and the ID the server has. */
export interface IdSlot {
  template: string;
  image: string | null;
  saved: UserId | null;
}

export const slotKey = (position: number) => (position === 0 ? 'id0' : 'id1');

const emptySlot: IdSlot = { template: '', image: null, saved: null };
const templateOf = (slot: IdSlot | undefined) => (slot?.template ? Number(slot.template) : null);

/** A verified ID stays as it is: it is neither checked nor sent again. */
export const isKept = (slot: IdSlot) => slot.saved?.verified === true;

/** The second slot appears when the first ID's kind needs one, and goes away otherwise (spec 1 §4). */
export function withSecondSlot(slots: IdSlot[], primaryId: number | null): IdSlot[] {
  const needed = needsSecondId(primaryId, templateOf(slots[0]));
  if (needed && slots.length < 2) return [...slots, emptySlot];
  if (!needed && slots.length > 1) return slots.slice(0, 1);
  return slots;
}

/** The server's IDs (or one empty slot) with their kinds chosen again; new photos are still to be picked. */
export function initialSlots(ids: UserId[], primaryId: number | null): IdSlot[] {
  const slots = ids.map((saved) => ({ template: saved.template ? String(saved.template) : '', image: null, saved }));
  return withSecondSlot(slots.length ? slots : [emptySlot], primaryId);
}

/** The page's checks on submit (spec 1 §5): each ID not yet verified needs a new photo and its kind; a new selfie. */
export function submissionProblems(slots: IdSlot[], selfie: string | null): KycErrors {
  const errors: KycErrors = {};
  slots.forEach((slot, position) => {
    if (isKept(slot)) return;
    const found = [...(slot.image ? [] : [msg.idRequired]), ...(slot.template ? [] : [msg.templateRequired])];
    if (found.length) errors[slotKey(position)] = found;
  });
  if (!selfie) errors.selfie = [msg.selfieRequired];
  return errors;
}

/** The same photo chosen for the other ID (spec 1 §5 'Duplicate image selected.'). */
export const isDuplicate = (slots: IdSlot[], position: number, image: string) => slots.some((slot, i) => i !== position && slot.image === image);

/** POST /kyc/upload/'s body: a verified ID goes without a photo, which keeps it (`submit` true: manual verification). */
export function uploadBody(school: number, slots: IdSlot[], selfie: string, manual: boolean): KycUploadBody {
  return { school, submit: manual, selfie, user_ids: slots.map((slot) => ({ id: isKept(slot) ? null : slot.image, template: templateOf(slot) })) };
}

/** 'Template ID is required' is about the kind of ID; every other error of an ID is about its photo. */
export const isAboutKind = (message: string) => message === msg.templateRequired;

export const hasErrors = (errors: KycErrors) => Object.values(errors).some((list) => list && list.length > 0);

/** A refused upload: field errors keyed id0, id1 and selfie go under their fields (spec 1 §5), anything else above. */
export function readUploadError(error: unknown): { errors: KycErrors; banner: string | null } {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.body) return { errors: {}, banner: sessionMessages.genericServerError };
  const fields = kycErrorsSchema.safeParse(error.body);
  // The rest: a refusal's detail (its code is for the page, not the user) or a field the page does not show.
  const banner = Object.entries(error.body)
    .filter(([key]) => !['id0', 'id1', 'selfie', 'code'].includes(key))
    .flatMap(([, value]) => value)
    .join(' ');
  return { errors: fields.success ? fields.data : {}, banner: banner || null };
}
