/** Pure catalogue and enrolment rules shared by the pages and the server (spec 2 §2, §4; spec 3 §4). */
import { peso } from '../payments/money';
import type { EnrolmentErrorCode } from './enrolment-errors';

/** Cards a page in the catalogue lists and in My Courses (spec 2 §2, spec 1 §2): the web asks, the server defaults to it. */
export const LIST_PAGE_SIZE = 6;
const PAGER_WINDOW = 5;
export const SEARCH_DEBOUNCE_MS = 500;
const VAT_RATE = 0.12;

/** The id is the last hyphen- or space-separated part of a slug ('intro-to-ethics-12' -> 12). */
export function idFromSlug(slug: string): number | null {
  const last = slug.trim().split(/[-\s]+/).pop() ?? '';
  return /^\d{1,9}$/.test(last) ? Number(last) : null;
}

export function slugFor(name: string, id: number): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'item'}-${id}`;
}

/** Fees include 12 % VAT: subtotal + tax = fee, in centavos. */
export function priceBreakdown(feeCentavos: number) {
  const subtotal = Math.round(feeCentavos / (1 + VAT_RATE));
  return { fee: feeCentavos, subtotal, tax: feeCentavos - subtotal };
}

export const pesos = (centavos: number) => centavos / 100;

/** 'P1,500.00' (the one price format), or the free word given for 0. */
export function formatFee(amountPesos: number, freeWord: 'Free' | 'FREE' = 'Free'): string {
  return amountPesos <= 0 ? freeWord : peso(amountPesos);
}

/**
 * Every status an enrolment can have (spec 3 §4), and `cancelled`: ended by the school (a refund or a
 * cancellation in the console). A cancelled enrolment keeps its progress and identity evidence but gives no
 * access, and buying the item again takes it up (DECISIONS.md).
 */
export const ENROLMENT_STATUSES = ['paid', 'free', 'pay_later', 'notpaid', 'partial', 'collection', 'pending', 'cancelled'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
/** Statuses that do not count as paid (spec 3 §4's unpaid ones, and a cancelled enrolment). */
export const UNPAID_STATUSES: readonly EnrolmentStatus[] = ['notpaid', 'partial', 'collection', 'pending', 'pay_later', 'cancelled'];
export const isPaid = (status: string) => !(UNPAID_STATUSES as readonly string[]).includes(status);
/**
 * Not the student's enrolment: one made by a payment that has not gone through (it shows as a pending payment
 * instead, DECISIONS.md) or one the school cancelled. My Courses and the course count leave them out. Pay later
 * is an enrolment.
 */
export const NOT_ENROLLED_STATUSES: readonly EnrolmentStatus[] = ['notpaid', 'partial', 'collection', 'pending', 'cancelled'];

/** Whether a course can be studied today, by its dates (YYYY-MM-DD, in the school's time zone). */
export function courseState(dateStart: string | null, dateEnd: string | null, today: string): 'open' | 'not_open' | 'ended' {
  if (dateEnd && today > dateEnd) return 'ended';
  if (dateStart && today < dateStart) return 'not_open';
  return 'open';
}

export interface EnrollmentLike {
  status: string;
  progress: number;
}

export interface EnrollButton {
  label: string;
  ghost?: boolean;
  /**
   * A second button: 'Get Certificate' (at 100 %, pay later, or the MCLE statement still to sign) or 'Enroll for
   * Free' (pay later allowed).
   */
  extra?: 'Get Certificate' | 'Enroll for Free';
}

/** The enrolment button of a course page (spec 2 §4, in its order). */
export function enrollButton(input: { enrollment: EnrollmentLike | null; staff: boolean; allowPayLater: boolean; fee: number; needsSignature?: boolean; paymentPending?: boolean }): EnrollButton {
  const { enrollment, staff } = input;
  if (staff) return { label: 'View Course' };
  if (enrollment) {
    if (enrollment.progress >= 1 && enrollment.progress <= 99) return { label: 'Resume Learning' };
    // A pay-later course's certificate is bought: not again while a payment of it is on its way.
    const buys = enrollment.status === 'pay_later' && !input.paymentPending;
    if (enrollment.progress >= 100) return buys || input.needsSignature ? { label: 'View Course', ghost: true, extra: 'Get Certificate' } : { label: 'View Course' };
    if (enrollment.status === 'notpaid') return { label: 'Payment Pending' };
    return { label: 'Start Learning' };
  }
  const payLater = input.allowPayLater && input.fee > 0;
  return { label: payLater ? 'Enroll and Pay now' : 'Enroll Now', ...(payLater ? { extra: 'Enroll for Free' as const } : {}) };
}

/** Why a student may not enrol themselves: one of the server's refusal codes. */
export type SelfEnrolBlock = Extract<EnrolmentErrorCode, 'school_enrols_only' | 'email_domain_not_allowed'>;

/**
 * Why a student may not enrol themselves, or null (docs/decisions.md reads spec 2 §4 so that the settings do
 * what their names say): the course must take direct enrolment, and when it lists e-mail domains the
 * student's domain must be one of them.
 */
const bareDomain = (domain: string) => domain.toLowerCase().replace(/^@/, '');

export function selfEnrolBlock(input: { directEnrollment: boolean; allowedDomains: string[]; email: string | null }): SelfEnrolBlock | null {
  if (!input.directEnrollment) return 'school_enrols_only';
  if (input.allowedDomains.length === 0) return null;
  const domain = input.email?.split('@')[1]?.toLowerCase() ?? '';
  return input.allowedDomains.map(bareDomain).includes(domain) ? null : 'email_domain_not_allowed';
}

/** The explanation under a disabled Enroll Now, and the server's refusal (docs/decisions.md). */
export function selfEnrolRefusal(block: SelfEnrolBlock, allowedDomains: string[]): string {
  return block === 'school_enrols_only' ? enrolmentMessages.selfEnrollNotAllowed : `Enrollment in this course is open only to email addresses at ${allowedDomains.map(bareDomain).join(', ')}.`;
}

/** The spec's words for a closed course (spec 2 §4, start or resume), with the date as the page shows it. */
export const closedCourseMessages = {
  endedTitle: 'Course Ended',
  ended: (date: string) => `Course ended last ${date}.`,
  notOpenTitle: 'Course is not yet open',
  notOpen: (date: string) => `Course will be accessible on ${date}.`,
} as const;

export type GateStep = 'login' | 'not_student' | 'verify_email' | 'incomplete_profile' | 'incomplete_mcle_profile' | 'incomplete_kyc';

/** The first gate of spec 2 §4 (steps 1 to 6) the user does not pass, or null. */
export function firstGate(input: {
  loggedIn: boolean;
  /** The server's answer to "may this account enrol" (students only; see the course's abilities). */
  mayEnrol: boolean;
  isVerified: boolean;
  step: string | null;
  infoSubmitted: boolean;
  mcle: boolean;
  /** The school's kyc product: without it there is no way to verify, so a course's require_kyc is not asked. */
  kyc: boolean;
  requireKyc: boolean;
  kycVerified: boolean;
}): GateStep | null {
  if (!input.loggedIn) return 'login';
  if (!input.mayEnrol) return 'not_student';
  if (!input.isVerified) return 'verify_email';
  if (input.step === '1') return 'incomplete_profile';
  if (input.mcle && !input.infoSubmitted) return 'incomplete_mcle_profile';
  if (input.kyc && input.requireKyc && !input.kycVerified) return 'incomplete_kyc';
  return null;
}

/** The code the server sends with each gate's refusal. */
export const gateCodes = {
  not_student: 'not_student',
  verify_email: 'email_not_verified',
  incomplete_profile: 'incomplete_profile',
  incomplete_mcle_profile: 'incomplete_mcle_profile',
  incomplete_kyc: 'incomplete_kyc',
} as const satisfies Record<Exclude<GateStep, 'login'>, EnrolmentErrorCode>;

/** The server's refusal for each gate (400 details; the page's modals carry the spec's own texts). */
export const gateRefusals: Record<Exclude<GateStep, 'login'>, string> = {
  not_student: "You can't enroll using this account. Please register as a student by clicking the Sign Up button.",
  verify_email: 'Your email is not yet verified.',
  incomplete_profile: 'Please complete your profile before you can start.',
  incomplete_mcle_profile: 'Please complete your MCLE profile before you can start.',
  incomplete_kyc: 'Please comply with the KYC requirements in order to continue.',
};

export const enrolmentMessages = {
  alreadyEnrolled: 'User is already enrolled.',
  courseEnded: 'This course has ended.',
  notFree: 'This course is not free.',
  payLaterNotAllowed: 'This course cannot be paid later.',
  classRequired: 'Select a class to enroll in this course.',
  noClasses: 'This course has no classes yet.',
  selfEnrollNotAllowed: 'Enrollment in this course is handled by the school.',
  complianceRequired: 'Select a compliance period.',
  compliancePeriodEnded: 'This compliance period has ended. Select the current or a later one.',
} as const;

/** Five page links around the current page (spec 2 §2). */
export function pageWindow(page: number, pages: number, size = PAGER_WINDOW): number[] {
  const count = Math.min(size, pages);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X to Y of N'. */
export function showingText(page: number, perPage: number, count: number): string {
  if (count === 0) return 'Showing 0 to 0 of 0';
  const from = (page - 1) * perPage + 1;
  return `Showing ${from} to ${Math.min(page * perPage, count)} of ${count}`;
}

/** The sorts of each list; the first is the default. */
export const courseSorts = [
  { value: '-created_at', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
  { value: 'name', label: 'Name A-Z' },
  { value: '-name', label: 'Name Z-A' },
  { value: 'fee', label: 'Fee low-high' },
  { value: '-fee', label: 'Fee high-low' },
] as const;
export type CourseSort = (typeof courseSorts)[number]['value'];

export const bundleSorts = [
  { value: '-created_at', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
  { value: 'name', label: 'Name A-Z' },
  { value: '-name', label: 'Name Z-A' },
  { value: 'price', label: 'Price low-high' },
  { value: '-price', label: 'Price high-low' },
] as const;
export type BundleSort = (typeof bundleSorts)[number]['value'];

/** My Courses (spec 1 §2): its sorts and its progress filter. */
export const enrollmentSorts = [
  { value: '-date_enrolled', label: 'Newest enrolled' },
  { value: 'date_enrolled', label: 'Oldest enrolled' },
  { value: 'course_name', label: 'Course name' },
  { value: 'progress', label: 'Progress' },
] as const;
export type EnrollmentSort = (typeof enrollmentSorts)[number]['value'];

export const enrollmentStatuses = [
  { value: 'all', label: 'All' },
  { value: 'inprogress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'notstarted', label: 'Not Started' },
] as const;
export type EnrollmentStatusFilter = (typeof enrollmentStatuses)[number]['value'];

/** The values of a list of options, as the tuple a zod enum takes. */
export const optionValues = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

/** My Courses progress label (spec 1 §2). */
export function progressLabel(progress: number): 'Not Started' | 'In Progress' | 'Completed' {
  if (progress <= 0) return 'Not Started';
  return progress >= 100 ? 'Completed' : 'In Progress';
}
