import { UpdateCategoryBodySchema, type Category } from '@lectern/contract';
import type { z } from 'zod';

/**
 * The category form's fields are the contract's (create and update share them; the update adds the
 * category's id and the version the editor saw), and a sub-category name may not appear twice.
 */
export const CategoryFormSchema = UpdateCategoryBodySchema.pick({
  categoryName: true,
  publishState: true,
  subCategories: true,
}).superRefine((values, ctx) => {
  const seen = new Set<string>();
  values.subCategories.forEach((sub, index) => {
    const key = sub.subCategoryName.toLowerCase();
    if (key === '') return;
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['subCategories', index, 'subCategoryName'],
        message: `'${sub.subCategoryName}' appears twice in this category.`,
      });
    }
    seen.add(key);
  });
});

export type CategoryFormInput = z.input<typeof CategoryFormSchema>;
export type CategoryFormValues = z.output<typeof CategoryFormSchema>;

export const EMPTY_CATEGORY: CategoryFormInput = { categoryName: '', publishState: false, subCategories: [] };

/** The form's values for a saved category. */
export function valuesOf(category: Category): CategoryFormInput {
  return {
    categoryName: category.categoryName,
    publishState: category.publishState,
    subCategories: category.subCategories.map(({ subCategoryId, subCategoryName }) => ({
      subCategoryId,
      subCategoryName,
    })),
  };
}
