import { z } from 'zod';
import { categorySummary } from './catalog.ts';

/** A node of the storefront's category menu: visible categories only, children in display order. */
export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  children: CategoryNode[];
}
// Named: a recursive schema is a component of the OpenAPI document that refers to itself by that name.
export const categoryNode: z.ZodType<CategoryNode> = z
  .lazy(() => z.object({ id: z.uuid(), name: z.string(), slug: z.string(), children: z.array(categoryNode) }))
  .meta({ id: 'CategoryNode' });

/** GET /api/category-tree: the top-level visible categories with their visible subtrees. */
export const categoryTree = z.object({ items: z.array(categoryNode) });
export type CategoryTree = z.infer<typeof categoryTree>;

/** GET /api/categories/:slug: one visible category, its ancestors (top first) and its children. */
export const categoryPage = z.object({
  category: categorySummary,
  breadcrumb: z.array(categorySummary),
  children: z.array(categorySummary),
});
export type CategoryPage = z.infer<typeof categoryPage>;

/** One category as the back office lists it: flat, in tree order, with its depth. */
export const adminCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.uuid().nullable(),
  is_visible: z.boolean(),
  sort_order: z.number().int(),
  depth: z.number().int(),
  product_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.object({ items: z.array(adminCategory) });
export type AdminCategoryList = z.infer<typeof adminCategoryList>;

const name = z.string().trim().min(1, 'Name is required').max(100);
const slug = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens');

/** POST /api/admin/categories: a new category, last among its siblings; the slug comes from the name when left out. */
export const categoryCreateBody = z.strictObject({
  name,
  slug: slug.optional(),
  parent_id: z.uuid().nullable().optional(),
  is_visible: z.boolean().optional(),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;

/** PATCH /api/admin/categories/:categoryId: any subset; a new parent puts it last among its new siblings. */
export const categoryUpdateBody = z
  .strictObject({
    name: name.optional(),
    slug: slug.optional(),
    parent_id: z.uuid().nullable().optional(),
    is_visible: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

/** POST /api/admin/categories/:categoryId/move: one place up or down among its siblings. */
export const categoryMoveBody = z.strictObject({ direction: z.enum(['up', 'down']) });
export type CategoryMoveBody = z.infer<typeof categoryMoveBody>;
