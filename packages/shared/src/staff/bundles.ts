import { z } from 'zod';
import { MODES_OF_PAYMENT, pesoAmountSchema } from './courses';
import { uploadIdSchema } from './uploads';

export const bundleMessages = {
  nameRequired: 'Enter the bundle name.',
  courseTwice: 'Each course can be in the bundle once.',
  unknownCourse: 'Choose courses of this school that are not archived.',
  tooFewCourses: 'A published bundle needs at least two courses.',
  unpublishedCourse: (name: string) => `${name} is not published: publish it or take it out of the bundle.`,
  priceNeedsMode: 'Choose at least one way to pay for a bundle with a price.',
  unknownSubcategory: 'Choose a subcategory of this school.',
  inUse: 'Students have enrolled in or paid for this bundle, so it cannot be deleted. Unpublish it instead: they keep their courses.',
  deleted: 'The bundle was deleted.',
} as const;

const id = z.number().int().positive().max(2147483647);

/** A bundle as the console saves it, whole: its courses in the order the catalogue shows them. Price in pesos. */
export const bundleFieldsSchema = z.object({
  name: z.string().trim().min(1, bundleMessages.nameRequired).max(200, 'Keep the name under 200 characters.'),
  description: z.string().trim().max(5000, 'Keep the description under 5,000 characters.').default(''),
  subcategory_id: id.nullable().default(null),
  price: pesoAmountSchema.default(0),
  mode_of_payment: z
    .array(z.enum(MODES_OF_PAYMENT))
    .max(MODES_OF_PAYMENT.length)
    .refine((modes) => new Set(modes).size === modes.length, 'Choose each way to pay once.')
    .default([...MODES_OF_PAYMENT]),
  require_kyc: z.boolean().default(false),
  is_featured: z.boolean().default(false),
  is_published: z.boolean().default(false),
  course_ids: z
    .array(id)
    .max(50, 'Keep a bundle to 50 courses.')
    .refine((ids) => new Set(ids).size === ids.length, bundleMessages.courseTwice)
    .default([])
    .describe('the courses, in the order the bundle lists them'),
  image_upload: uploadIdSchema.nullable().optional().describe('an image upload that becomes the bundle image; null: none; left out: kept'),
});
export type BundleFields = z.infer<typeof bundleFieldsSchema>;

/** A course a bundle may hold: the school's courses that are not archived. */
export const bundleCourseSchema = z.object({ id: z.number(), name: z.string(), is_published: z.boolean() });
export type BundleCourse = z.infer<typeof bundleCourseSchema>;

/**
 * What is wrong with a bundle as it would be saved, by field. `chosen` are its courses as the school has them
 * (in order); a published bundle sells each of them, so each must be published too.
 */
export function bundleProblems(b: BundleFields, chosen: BundleCourse[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (b.price > 0 && b.mode_of_payment.length === 0) problems.mode_of_payment = bundleMessages.priceNeedsMode;
  if (b.is_published) {
    const draft = chosen.find((c) => !c.is_published);
    if (chosen.length < 2) problems.course_ids = bundleMessages.tooFewCourses;
    else if (draft) problems.course_ids = bundleMessages.unpublishedCourse(draft.name);
  }
  return problems;
}

/** One bundle as its editor loads it. */
export const staffBundleSchema = bundleFieldsSchema.omit({ course_ids: true, image_upload: true }).extend({
  id: z.number(),
  image: z.string().nullable().describe("the bundle image's address"),
  slug: z.string(),
  courses: z.array(bundleCourseSchema),
  enrolments: z.number().describe('students enrolled in the bundle'),
  version: z.number(),
});
export type StaffBundle = z.infer<typeof staffBundleSchema>;

export const staffBundleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number().describe('pesos'),
  courses: z.number(),
  enrolments: z.number(),
  is_published: z.boolean(),
  version: z.number().describe('the ETag a DELETE from the list names in If-Match'),
});
export type StaffBundleRow = z.infer<typeof staffBundleRowSchema>;

export const staffBundleListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().describe('part of the name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffBundleListQuery = z.infer<typeof staffBundleListQuerySchema>;
export const BUNDLE_PAGE_SIZE = 20;
