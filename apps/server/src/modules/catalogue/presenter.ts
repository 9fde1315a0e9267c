import { wholeCoins } from '@school/shared/payments/rules';
import { courseState, isPaid, pesos, priceBreakdown } from '@school/shared/catalogue/rules';
import type { BundleCard, BundleDetail, CourseCard, CourseDetail } from '@school/shared/catalogue/schemas';
import { addUnits, areasOf } from '@school/shared/certificates/mcle';
import type { CertificateStatus } from '@school/shared/certificates/schemas';
import { attemptState } from '@school/shared/learning/rules';
import { isoDate } from '@school/shared/school/dates';
import type { enrollments } from '../../db/schema/index';
import { publicUrlOf, type PublicFiles } from '../../infra/storage/storage';
import type { BundleRow, CatalogueRepository, CourseCardRow, CourseRow } from './repository';

type EnrollmentRow = typeof enrollments.$inferSelect;
type Outline = Awaited<ReturnType<CatalogueRepository['courseOutline']>>;

/** A course's preview: YouTube ('yt', an embed address) or our own video ('video', a stored file's key). */
const previewVideo = (files: PublicFiles, course: CourseRow) => {
  if (!course.previewVideoType || !course.previewVideoUrl) return null;
  return { type: course.previewVideoType, url: course.previewVideoType === 'video' ? files.publicUrl(course.previewVideoUrl) : course.previewVideoUrl };
};

/** The landing's featured item (spec 1 §2): a course, else a bundle. */
export function presentFeatured(files: PublicFiles, featured: { kind: 'course'; course: CourseRow } | { kind: 'bundle'; bundle: BundleRow }) {
  if (featured.kind === 'course') {
    const c = featured.course;
    return { type: 'course' as const, date: c.dateStart ?? isoDate(c.createdAt), id: c.id, name: c.name, slug: c.slug, description: c.description, fee: pesos(c.fee), image: publicUrlOf(files, c.image), preview_video: previewVideo(files, c) };
  }
  const b = featured.bundle;
  return { type: 'bundle' as const, date: isoDate(b.createdAt), id: b.id, name: b.name, slug: b.slug, description: b.description, fee: pesos(b.price), image: publicUrlOf(files, b.image), preview_video: null };
}

/** The enrolment as the course pages show it; `reward` is the course's coin reward for completing it. */
function presentEnrollment(row: EnrollmentRow | undefined, rewardCoins: number): CourseCard['enrollment'] {
  if (!row) return null;
  const reward = rewardCoins > 0 ? { amount: wholeCoins(rewardCoins) } : null;
  return { id: row.id, progress: row.progress, status: row.status, class_id: row.classId, date_completed: row.dateCompleted?.toISOString() ?? null, reward, notes: row.notes };
}

export function presentCourseCard(files: PublicFiles, row: { course: CourseCardRow; subcategory: string | null }, enrollment?: EnrollmentRow): CourseCard {
  const { course } = row;
  return {
    id: course.id,
    name: course.name,
    slug: course.slug,
    description: course.description,
    image: publicUrlOf(files, course.image),
    fee: pesos(course.fee),
    show_fee: course.showFee,
    subcategory: row.subcategory,
    units: course.units,
    created_at: course.createdAt.toISOString(),
    enrollment: presentEnrollment(enrollment, course.rewardCoins),
  };
}

export function presentCourseDetail(
  files: PublicFiles,
  row: { course: CourseRow; subcategory: string | null; lecturer: string | null },
  outline: Outline,
  enrollment: EnrollmentRow | undefined,
  certificate: CertificateStatus | null,
  today: string,
  abilities: CourseDetail['abilities'],
): CourseDetail {
  const { course } = row;
  const price = priceBreakdown(course.fee);
  const state = courseState(course.dateStart, course.dateEnd, today);
  return {
    ...presentCourseCard(files, row, enrollment),
    abilities,
    tax: pesos(price.tax),
    subtotal: pesos(price.subtotal),
    lecturer: row.lecturer,
    module_count: outline.modules.length,
    courseware_count: outline.coursewares.length,
    type: course.classEnrollmentOnly ? 'class' : 'self_paced',
    school_id: course.schoolId,
    preview_video: previewVideo(files, course),
    modules: outline.modules.map((m) => {
      const wares = outline.coursewares.filter((w) => w.moduleId === m.id);
      return { id: m.id, name: m.name, description: m.description, courseware_count: wares.length, coursewares: wares.map((w) => ({ id: w.id, name: w.name, type: w.type })) };
    }),
    classes: outline.classes.map((c) => ({ id: c.id, name: c.name, fee: pesos(c.fee) })),
    config: {
      duration: course.durationMinutes,
      allow_pay_later: course.allowPayLater,
      direct_enrollment: course.directEnrollment,
      class_enrollment_only: course.classEnrollmentOnly,
      require_kyc: course.requireKyc,
      allowed_domains: course.allowedDomains,
      course_open: state === 'open',
      course_ended: state === 'ended',
      enable_kyl: course.enableKyl,
      video_download: course.videoDownload,
      pdf_download: course.pdfDownload,
      forward_streaming: course.forwardStreaming,
      date_start: course.dateStart,
      date_end: course.dateEnd,
      mode_of_payment: course.modeOfPayment,
    },
    attempt: enrollment ? attemptState({ startedAt: enrollment.attemptStartedAt, endedAt: enrollment.attemptEndedAt, pausedAt: enrollment.snapshotPausedAt }, course.durationMinutes) : null,
    mcle_units: areasOf(course.mcleUnits),
    certificate,
  };
}

/** A bundle's status for its page: pending while unpaid, paid once enrolled (spec 2 §2). */
const bundleStatus = (status: string | undefined) => (status === undefined ? null : isPaid(status) ? ('paid' as const) : ('pending' as const));

export function presentBundleCard(files: PublicFiles, row: { bundle: BundleRow; subcategory: string | null }, courseRows: { course: Pick<CourseRow, 'units'> }[], status: string | undefined): BundleCard {
  const { bundle } = row;
  return {
    id: bundle.id,
    name: bundle.name,
    slug: bundle.slug,
    description: bundle.description,
    image: publicUrlOf(files, bundle.image),
    price: pesos(bundle.price),
    units: courseRows.reduce((sum, c) => sum + c.course.units, 0),
    courses_count: courseRows.length,
    subcategory: row.subcategory,
    created_at: bundle.createdAt.toISOString(),
    status: bundleStatus(status),
    resume_payment: status === 'notpaid',
  };
}

export function presentBundleDetail(files: PublicFiles, row: { bundle: BundleRow; subcategory: string | null }, courseRows: { course: CourseCardRow; subcategory: string | null }[], status: string | undefined, enrolments: Map<number, EnrollmentRow>, abilities: BundleDetail['abilities']): BundleDetail {
  const price = priceBreakdown(row.bundle.price);
  return {
    ...presentBundleCard(files, row, courseRows, status),
    abilities,
    fee: pesos(price.fee),
    tax: pesos(price.tax),
    subtotal: pesos(price.subtotal),
    courses: courseRows.map((c) => presentCourseCard(files, c, enrolments.get(c.course.id))),
    mcle_units: areasOf(addUnits(courseRows.map((c) => c.course.mcleUnits))),
    config: { duration: row.bundle.durationMinutes, require_kyc: row.bundle.requireKyc, mode_of_payment: row.bundle.modeOfPayment },
  };
}
