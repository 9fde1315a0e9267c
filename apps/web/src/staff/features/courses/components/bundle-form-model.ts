import { bundleFieldsSchema, bundleProblems, type BundleCourse, type BundleFields, type StaffBundle } from '@school/shared/staff/bundles';

/** A bundle as its editor's inputs hold it: the courses as they are listed, in order. */
export interface BundleForm extends Omit<BundleFields, 'price' | 'subcategory_id' | 'course_ids'> {
  price: string;
  subcategory_id: string;
  courses: BundleCourse[];
}

export const formOf = (b: StaffBundle): BundleForm => ({
  name: b.name,
  description: b.description,
  subcategory_id: b.subcategory_id?.toString() ?? '',
  price: String(b.price),
  mode_of_payment: b.mode_of_payment,
  require_kyc: b.require_kyc,
  is_featured: b.is_featured,
  is_published: b.is_published,
  courses: b.courses,
});

/** The body the editor sends, checked with the server's schema and rules; or the problems by field. */
export function bodyOf(values: BundleForm): { body: BundleFields } | { problems: Record<string, string> } {
  const parsed = bundleFieldsSchema.safeParse({
    ...values,
    price: values.price.trim() === '' ? Number.NaN : Number(values.price),
    subcategory_id: values.subcategory_id ? Number(values.subcategory_id) : null,
    course_ids: values.courses.map((c) => c.id),
  });
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) problems[String(issue.path[0])] ??= issue.message;
  if (!parsed.success) return { problems };
  Object.assign(problems, bundleProblems(parsed.data, values.courses));
  return Object.keys(problems).length ? { problems } : { body: parsed.data };
}
