import { z } from 'zod';

// Store categories (spec 2 §3 "Category"): ordered categories, each with ordered sub-categories; a store
// listing sits in one category and, optionally, one of its sub-categories.

const Id = z.string().min(1).max(64);
const Version = z.number().int().min(0);
const Name = (what: string) =>
  z.string().trim().min(1, `${what} is required`).max(80, `${what} must be at most 80 characters`);

const ListedCatalogueSchema = z.object({ catalogueId: z.string(), catalogueName: z.string() });

export const SubCategorySchema = z.object({
  subCategoryId: z.string(),
  subCategoryName: z.string(),
  /** catalogues whose store listing sits in this sub-category */
  catalogues: z.array(ListedCatalogueSchema),
});

export const CategorySchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  publishState: z.boolean(),
  position: z.number().int(),
  /** catalogues whose store listing sits in this category */
  catalogues: z.array(ListedCatalogueSchema),
  subCategories: z.array(SubCategorySchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

const SubCategoryInputSchema = z.strictObject({
  /** absent for a new sub-category */
  subCategoryId: Id.optional(),
  subCategoryName: Name('Sub-category name'),
});

export const CreateCategoryBodySchema = z.strictObject({
  categoryName: Name('Category name'),
  publishState: z.boolean().default(false),
  subCategories: z.array(SubCategoryInputSchema).max(50).default([]),
});
export type CreateCategoryBody = z.input<typeof CreateCategoryBodySchema>;

/** The sub-categories in the order given; one left out of the list is deleted. */
export const UpdateCategoryBodySchema = z.strictObject({
  categoryId: Id,
  version: Version,
  categoryName: Name('Category name'),
  publishState: z.boolean(),
  subCategories: z.array(SubCategoryInputSchema).max(50),
});
export type UpdateCategoryBody = z.input<typeof UpdateCategoryBodySchema>;

/** The whole new order of categories: every category exactly once. */
export const CategoryOrderBodySchema = z.strictObject({
  categoryIds: z.array(Id).min(1).max(500),
});

export const CategoryIdParamSchema = z.object({ categoryId: Id });
