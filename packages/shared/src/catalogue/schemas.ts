import { z } from 'zod';
import { listSchema } from '../api/errors';
import { areaUnitsSchema, certificateStatusSchema } from '../certificates/schemas';
import { attemptSchema } from '../learning/schemas';
import { bundleSorts, courseSorts, enrollmentSorts, enrollmentStatuses, LIST_PAGE_SIZE, optionValues } from './rules';

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(60).default(LIST_PAGE_SIZE);
const optionalId = z.coerce.number().int().positive().max(2147483647).optional();

export const courseListQuerySchema = z.object({
  page,
  perpage: perPage,
  sort: z.enum(optionValues(courseSorts)).default(courseSorts[0].value),
  search_course: z.string().trim().max(200).optional(),
  category: optionalId,
  subcategory: optionalId,
});

export const bundleListQuerySchema = z.object({
  page,
  perpage: perPage,
  sort: z.enum(optionValues(bundleSorts)).default(bundleSorts[0].value),
  bundle_name: z.string().trim().max(200).optional(),
  category: optionalId,
  subcategory: optionalId,
});

const enrollmentSummarySchema = z.object({
  id: z.number(),
  progress: z.number(),
  status: z.string(),
  class_id: z.number().nullable().describe('the class enrolled in; paying for the enrolment pays for this class'),
  date_completed: z.string().nullable(),
  reward: z.object({ amount: z.number().describe('whole L2E coins') }).nullable().describe('the coins completing the course earns'),
  notes: z.string(),
});

const courseConfigSchema = z.object({
  duration: z.number().nullable().describe('minutes'),
  allow_pay_later: z.boolean(),
  direct_enrollment: z.boolean(),
  class_enrollment_only: z.boolean(),
  require_kyc: z.boolean(),
  allowed_domains: z.array(z.string()),
  course_open: z.boolean(),
  course_ended: z.boolean(),
  enable_kyl: z.boolean(),
  video_download: z.boolean(),
  pdf_download: z.boolean(),
  forward_streaming: z.boolean(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  mode_of_payment: z.array(z.string()),
});

export const courseCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  fee: z.number().describe('pesos'),
  show_fee: z.boolean(),
  subcategory: z.string().nullable(),
  units: z.number(),
  created_at: z.string(),
  enrollment: enrollmentSummarySchema.nullable(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

/** What the caller may do with a course, decided by the server's policy; the page branches on these. */
export const courseAbilitiesSchema = z.object({ view: z.boolean(), enrol: z.boolean(), preview: z.boolean(), edit: z.boolean() });
export const bundleAbilitiesSchema = z.object({ view: z.boolean(), enrol: z.boolean(), edit: z.boolean() });

export const courseDetailSchema = courseCardSchema.extend({
  abilities: courseAbilitiesSchema,
  tax: z.number(),
  subtotal: z.number(),
  lecturer: z.string().nullable(),
  module_count: z.number(),
  courseware_count: z.number(),
  type: z.string(),
  school_id: z.number(),
  preview_video: z.object({ type: z.string(), url: z.string() }).nullable(),
  modules: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      courseware_count: z.number(),
      coursewares: z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })),
    }),
  ),
  classes: z.array(z.object({ id: z.number(), name: z.string(), fee: z.number() })),
  config: courseConfigSchema,
  attempt: attemptSchema.nullable().describe("the caller's attempt when enrolled"),
  mcle_units: areaUnitsSchema,
  certificate: certificateStatusSchema.nullable().describe("the caller's certificate of the course, when enrolled"),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

const bundleCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price: z.number().describe('pesos; 0 is free'),
  units: z.number(),
  courses_count: z.number(),
  subcategory: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['pending', 'paid']).nullable().describe("the caller's bundle enrolment"),
  resume_payment: z.boolean().describe('pending because a checkout was left unpaid: the payment page takes it up again'),
});
export type BundleCard = z.infer<typeof bundleCardSchema>;

export const bundleDetailSchema = bundleCardSchema.extend({
  abilities: bundleAbilitiesSchema,
  fee: z.number(),
  tax: z.number(),
  subtotal: z.number(),
  courses: z.array(courseCardSchema),
  mcle_units: areaUnitsSchema.describe("MCLE units by subject area of the bundle's courses together"),
  config: z.object({ duration: z.number().nullable(), require_kyc: z.boolean(), mode_of_payment: z.array(z.string()) }),
});
export type BundleDetail = z.infer<typeof bundleDetailSchema>;

export const subcategorySchema = z.object({ id: z.number(), name: z.string(), category: z.object({ id: z.number(), name: z.string() }) });
export type Subcategory = z.infer<typeof subcategorySchema>;
export const categorySchema = z.object({ id: z.number(), name: z.string(), school_id: z.number() });

export const courseListSchema = listSchema(courseCardSchema);
export const bundleListSchema = listSchema(bundleCardSchema);

export const featuredMaterialSchema = z.object({
  type: z.enum(['course', 'bundle']),
  date: z.string(),
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  fee: z.number(),
  image: z.string().nullable(),
  preview_video: z.object({ type: z.string(), url: z.string() }).nullable(),
}).nullable();
export type FeaturedMaterial = z.infer<typeof featuredMaterialSchema>;

export const scheduleSchema = z.object({
  id: z.number(),
  name: z.string(),
  schedules: z.array(z.object({ date: z.string(), start_time: z.string(), end_time: z.string(), instructor: z.string(), type: z.string() })),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const courseEnrollmentBodySchema = z.object({
  course: z.coerce.number().int().positive().max(2147483647),
  action: z.enum(['free', 'pay_later']),
  startDate: z.string().nullable().optional(),
  class: z.coerce.number().int().positive().max(2147483647).nullable().optional(),
  compliance_period: z.coerce.number().int().positive().max(2147483647).nullable().optional(),
});
export const bundleEnrollmentBodySchema = z.object({
  bundle: z.coerce.number().int().positive().max(2147483647),
  action: z.literal('free'),
  compliance_period: z.coerce.number().int().positive().max(2147483647).nullable().optional(),
});
export type CourseEnrollmentBody = z.infer<typeof courseEnrollmentBodySchema>;
export type BundleEnrollmentBody = z.infer<typeof bundleEnrollmentBodySchema>;

/** What an enrolment answers (201). */
export const courseEnrollmentResultSchema = z.object({ id: z.number(), status: z.string(), course: z.number(), date_start: z.string().nullable() });
export type CourseEnrollmentResult = z.infer<typeof courseEnrollmentResultSchema>;
export const bundleEnrollmentResultSchema = z.object({ id: z.number(), status: z.string(), bundle: z.number() });
export type BundleEnrollmentResult = z.infer<typeof bundleEnrollmentResultSchema>;

const myEnrollmentSchema = z.object({
  id: z.number(),
  progress: z.number(),
  status: z.string(),
  date_enrolled: z.string(),
  course: z.object({ id: z.number(), name: z.string(), image: z.string().nullable(), school_name: z.string(), course_detail_link: z.string() }),
});
export type MyEnrollment = z.infer<typeof myEnrollmentSchema>;
export const myEnrollmentListSchema = listSchema(myEnrollmentSchema);
export const myEnrollmentQuerySchema = z.object({
  page,
  perpage: perPage,
  status: z.enum(optionValues(enrollmentStatuses)).default(enrollmentStatuses[0].value),
  course_name: z.string().trim().max(200).optional(),
  sort: z.enum(optionValues(enrollmentSorts)).default(enrollmentSorts[0].value),
});
