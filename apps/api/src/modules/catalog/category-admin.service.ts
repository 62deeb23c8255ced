import type {
  AdminCategory,
  CategoryCreateBody,
  CategoryMoveBody,
  CategoryUpdateBody,
} from '@cartwheel/shared/contracts/category-tree';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { slugify } from '../../lib/slug.ts';
import { categories } from './catalog.schema.ts';

/** Every category, hidden ones too, flat in tree order with its depth and how many products it lists directly. */
export async function listAdminCategories(db: Db | Tx): Promise<AdminCategory[]> {
  return queryRows<AdminCategory>(
    db,
    sql`WITH RECURSIVE ranked AS (
        SELECT c.*, row_number() OVER (PARTITION BY c.parent_id ORDER BY c.sort_order, c.name, c.id)::int AS rank
        FROM categories c
      ), tree AS (
        SELECT r.id, 0 AS depth, ARRAY[r.rank] AS ord FROM ranked r WHERE r.parent_id IS NULL
        UNION ALL
        SELECT r.id, t.depth + 1, t.ord || r.rank FROM ranked r JOIN tree t ON r.parent_id = t.id
      )
      SELECT c.id, c.name, c.slug, c.parent_id, c.is_visible, c.sort_order, t.depth,
        (SELECT count(*)::int FROM product_categories pc WHERE pc.category_id = c.id) AS product_count
      FROM tree t JOIN categories c ON c.id = t.id ORDER BY t.ord`,
  );
}

const siblingsOf = (parentId: string | null) =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId);

/** The sort order that puts a category last among the children of `parentId`. */
async function nextSortOrder(tx: Tx, parentId: string | null): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`COALESCE(max(${categories.sortOrder}) + 1, 0)::int` })
    .from(categories)
    .where(siblingsOf(parentId));
  return row?.next ?? 0;
}

async function assertSlugFree(tx: Tx, slug: string, exceptId?: string): Promise<void> {
  const [taken] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (taken && taken.id !== exceptId) {
    throw conflict('category_slug_taken', `A category with the slug "${slug}" already exists`);
  }
}

/**
 * Refuses a parent that does not exist, or that is the category itself or one of its descendants
 * (migration 0035's trigger refuses the cycle too; this answers with a clear 400 first).
 */
async function assertParent(tx: Tx, parentId: string, movingId?: string): Promise<void> {
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId));
  if (!found) throw invalid('parent_not_found', 'Parent category not found');
  if (!movingId) return;
  const [cycle] = await queryRows<{ id: string }>(
    tx,
    sql`WITH RECURSIVE up(id, parent_id) AS (
        SELECT id, parent_id FROM categories WHERE id = ${parentId}
        UNION SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
      SELECT id FROM up WHERE id = ${movingId}`,
  );
  if (cycle) {
    throw invalid('category_cycle', 'A category cannot be moved under itself or one of its sub-categories');
  }
}

async function findCategory(tx: Tx, id: string) {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw notFound('category_not_found', 'Category not found');
  return row;
}

/** Adds a category last among its siblings; its slug comes from its name unless given. */
export async function createCategory(db: Db, input: CategoryCreateBody): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    const parentId = input.parent_id ?? null;
    if (parentId) await assertParent(tx, parentId);
    const slug = input.slug ?? slugify(input.name, 'category');
    await assertSlugFree(tx, slug);
    await tx.insert(categories).values({
      name: input.name,
      slug,
      parentId,
      isVisible: input.is_visible ?? true,
      sortOrder: await nextSortOrder(tx, parentId),
    });
    return listAdminCategories(tx);
  });
}

/** Renames, re-slugs, shows or hides a category, or moves it under another parent (last there). */
export async function updateCategory(
  db: Db,
  id: string,
  input: CategoryUpdateBody,
): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    const row = await findCategory(tx, id);
    if (input.slug !== undefined) await assertSlugFree(tx, input.slug, id);
    const moves = input.parent_id !== undefined && input.parent_id !== row.parentId;
    if (moves && input.parent_id) await assertParent(tx, input.parent_id, id);
    await tx
      .update(categories)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.is_visible !== undefined ? { isVisible: input.is_visible } : {}),
        ...(moves
          ? { parentId: input.parent_id ?? null, sortOrder: await nextSortOrder(tx, input.parent_id ?? null) }
          : {}),
      })
      .where(eq(categories.id, id));
    return listAdminCategories(tx);
  });
}

/** Swaps a category with its previous or next sibling; at either end nothing changes. */
export async function moveCategory(db: Db, id: string, input: CategoryMoveBody): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    const row = await findCategory(tx, id);
    const siblings = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(siblingsOf(row.parentId))
      .orderBy(categories.sortOrder, categories.name, categories.id);
    const order = siblings.map((s) => s.id);
    const at = order.indexOf(id);
    const to = input.direction === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < order.length) {
      [order[at], order[to]] = [order[to]!, order[at]!];
      // Siblings are renumbered 0..n-1, so equal sort orders left by older data cannot pin a move.
      for (const [sortOrder, siblingId] of order.entries()) {
        await tx.update(categories).set({ sortOrder }).where(eq(categories.id, siblingId));
      }
    }
    return listAdminCategories(tx);
  });
}

/**
 * Deletes a category. Its sub-categories move up to its parent (after its former siblings, in their
 * order); its products stay in the catalog and only leave this category.
 */
export async function deleteCategory(db: Db, id: string): Promise<AdminCategory[]> {
  return db.transaction(async (tx) => {
    const row = await findCategory(tx, id);
    const start = await nextSortOrder(tx, row.parentId);
    await tx
      .update(categories)
      .set({ parentId: row.parentId, sortOrder: sql`${start} + ${categories.sortOrder}` })
      .where(eq(categories.parentId, id));
    await tx.delete(categories).where(and(eq(categories.id, id)));
    return listAdminCategories(tx);
  });
}
