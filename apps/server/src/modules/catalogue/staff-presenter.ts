import { pesos } from '@school/shared/catalogue/rules';
import { totalUnits, type CoursePatch, type CourseSettings, type StaffCourse, type StaffCourseRow } from '@school/shared/staff/courses';
import type { courses } from '../../db/schema/index';
import { publicUrlOf, type PublicFiles } from '../../infra/storage/storage';
import type { StaffCourseListRow, StaffCourseRecord } from './staff-repository';

type CourseRow = typeof courses.$inferSelect;
type CourseColumns = Partial<typeof courses.$inferInsert>;

const COIN = 100;
const centavos = (amount: number) => Math.round(amount * 100);

export const courseStatus = (course: Pick<CourseRow, 'isPublished' | 'archivedAt'>) => (course.archivedAt ? 'archived' : course.isPublished ? 'published' : 'draft');

/** A course's settings as the editor and the audit log see them. */
export function settingsOf(c: CourseRow): CourseSettings {
  return {
    name: c.name,
    description: c.description,
    subcategory_id: c.subcategoryId,
    lecturer_id: c.lecturerId,
    fee: pesos(c.fee),
    show_fee: c.showFee,
    allow_pay_later: c.allowPayLater,
    mode_of_payment: c.modeOfPayment,
    direct_enrollment: c.directEnrollment,
    class_enrollment_only: c.classEnrollmentOnly,
    require_kyc: c.requireKyc,
    allowed_domains: c.allowedDomains,
    date_start: c.dateStart,
    date_end: c.dateEnd,
    duration_minutes: c.durationMinutes,
    approval_number: c.approvalNumber,
    mcle_units: c.mcleUnits,
    reward_coins: c.rewardCoins / COIN,
    forward_streaming: c.forwardStreaming,
    video_download: c.videoDownload,
    pdf_download: c.pdfDownload,
    enable_kyl: c.enableKyl,
    is_featured: c.isFeatured,
  };
}

/** The columns a set of settings writes; the total units follow the units by area. */
export function columnsOf(s: CoursePatch): CourseColumns {
  const columns: CourseColumns = {
    name: s.name,
    description: s.description,
    subcategoryId: s.subcategory_id,
    lecturerId: s.lecturer_id,
    fee: s.fee === undefined ? undefined : centavos(s.fee),
    showFee: s.show_fee,
    allowPayLater: s.allow_pay_later,
    modeOfPayment: s.mode_of_payment,
    directEnrollment: s.direct_enrollment,
    classEnrollmentOnly: s.class_enrollment_only,
    requireKyc: s.require_kyc,
    allowedDomains: s.allowed_domains,
    dateStart: s.date_start,
    dateEnd: s.date_end,
    durationMinutes: s.duration_minutes,
    approvalNumber: s.approval_number === undefined ? undefined : s.approval_number || null,
    mcleUnits: s.mcle_units,
    units: s.mcle_units === undefined ? undefined : totalUnits(s.mcle_units),
    rewardCoins: s.reward_coins === undefined ? undefined : s.reward_coins * COIN,
    forwardStreaming: s.forward_streaming,
    videoDownload: s.video_download,
    pdfDownload: s.pdf_download,
    enableKyl: s.enable_kyl,
    isFeatured: s.is_featured,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export function presentStaffCourseRow(r: StaffCourseListRow): StaffCourseRow {
  return {
    id: r.course.id,
    name: r.course.name,
    slug: r.course.slug,
    status: courseStatus(r.course),
    fee: pesos(r.course.fee),
    category: r.category,
    subcategory: r.subcategory,
    instructors: r.instructors,
    enrolments: r.course.enrolmentCount,
    version: r.course.version,
    updated_at: r.course.updatedAt.toISOString(),
  };
}

export function presentStaffCourse(files: PublicFiles, r: StaffCourseRecord, abilities: StaffCourse['abilities']): StaffCourse {
  const { previewVideoType: type, previewVideoUrl: video } = r.course;
  return {
    ...settingsOf(r.course),
    id: r.course.id,
    image: publicUrlOf(files, r.course.image),
    preview_video: type === 'video' ? publicUrlOf(files, video) : video,
    slug: r.course.slug,
    status: courseStatus(r.course),
    version: r.course.version,
    units: r.course.units,
    enrolments: r.course.enrolmentCount,
    instructors: r.instructors,
    updated_at: r.course.updatedAt.toISOString(),
    updated_by: r.updatedBy,
    abilities,
  };
}
