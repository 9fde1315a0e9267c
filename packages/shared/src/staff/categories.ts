import { z } from 'zod';

export const categoryMessages = {
  name: 'Enter the name.',
  duplicateCategory: 'This school already has a category of that name.',
  duplicateSubcategory: 'This category already has a subcategory of that name.',
  categoryInUse: 'Courses or bundles are filed under this category: move them first.',
  subcategoryInUse: 'Courses or bundles are filed under this subcategory: move them first.',
} as const;

export const categoryNameSchema = z.object({ name: z.string().trim().min(1, categoryMessages.name).max(100, 'Keep the name under 100 characters.') });
export type CategoryName = z.infer<typeof categoryNameSchema>;

const subcategory = z.object({ id: z.number(), name: z.string(), version: z.number(), items: z.number().describe('courses and bundles filed under it') });

/** A category of the school's catalogue with its subcategories (a course is filed under a subcategory). */
export const staffCategorySchema = z.object({ id: z.number(), name: z.string(), version: z.number(), subcategories: z.array(subcategory) });
export type StaffCategory = z.infer<typeof staffCategorySchema>;
