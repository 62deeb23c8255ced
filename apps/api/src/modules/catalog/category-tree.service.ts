import type { CategoryNode, CategoryPage } from '@cartwheel/shared/contracts/category-tree';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { translatedSql } from '../translations/translated-sql.ts';

/**
 * Common table expressions (for a `WITH RECURSIVE` list) naming `shown`: every category the store
 * shows, that is visible with every ancestor visible (a hidden parent hides its subtree), with
 * `path` (its ancestors' ids and its own, top first) and `ord` (its rank among its siblings at
 * each level, so ORDER BY ord is the tree's display order). The tree is walked per query: the
 * categories table is small next to the products, and nothing has to be kept in step with moves
 * (docs/decisions/0038-category-tree.md). Migration 0035 refuses cycles; a node not reachable
 * from the top would simply not be shown.
 */
export const shownCategoriesCte = sql`ranked AS (
    SELECT id, parent_id, name, slug,
      row_number() OVER (PARTITION BY parent_id ORDER BY sort_order, name, id)::int AS rank
    FROM categories WHERE is_visible
  ), shown AS (
    SELECT r.id, r.parent_id, r.name, r.slug, ARRAY[r.id] AS path, ARRAY[r.rank] AS ord
    FROM ranked r WHERE r.parent_id IS NULL
    UNION ALL
    SELECT r.id, r.parent_id, r.name, r.slug, s.path || r.id, s.ord || r.rank
    FROM ranked r JOIN shown s ON r.parent_id = s.id
  )`;

/**
 * The ids of the shown categories with one of these slugs and of every shown category below them,
 * as one uncorrelated array (PostgreSQL computes it once per statement).
 */
export function shownSubtreeIdsSql(slugs: SQL): SQL {
  return sql`ARRAY(WITH RECURSIVE ${shownCategoriesCte}
    SELECT s.id FROM shown s WHERE EXISTS (
      SELECT FROM shown top WHERE top.slug IN (${slugs}) AND top.id = ANY(s.path)))`;
}

interface ShownRow {
  id: string;
  parent_id: string | null;
  name: string;
  slug: string;
  path: string[];
}

async function shownRows(db: Db, where: SQL = sql`true`, language = 'en'): Promise<ShownRow[]> {
  return queryRows<ShownRow>(
    db,
    sql`WITH RECURSIVE ${shownCategoriesCte}
      SELECT s.id, s.parent_id, ${translatedSql(language, 'category', sql`s.id`, 'name', sql`s.name`)} AS name,
        s.slug, s.path FROM shown s WHERE ${where} ORDER BY s.ord`,
  );
}

/** The storefront's category menu: the shown categories as a tree, each level in display order. */
export async function getCategoryTree(db: Db, language: string): Promise<CategoryNode[]> {
  const rows = await shownRows(db, sql`true`, language);
  const nodes = new Map<string, CategoryNode>();
  const top: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { id: row.id, name: row.name, slug: row.slug, children: [] };
    nodes.set(row.id, node);
    // Rows come in display order, depth first, so a parent is always placed before its children.
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    (parent ? parent.children : top).push(node);
  }
  return top;
}

/** One shown category by slug, with its ancestors (top first) and its shown children. */
export async function getCategoryPage(db: Db, slug: string, language: string): Promise<CategoryPage> {
  const [row] = await shownRows(db, sql`s.slug = ${slug}`, language);
  if (!row) throw notFound('category_not_found', 'Category not found');
  // An array literal of the path's ids (drizzle would spread a JS array into a list).
  const path = `{${row.path.join(',')}}`;
  const related = await shownRows(db, sql`s.id = ANY(${path}::uuid[]) OR s.parent_id = ${row.id}`, language);
  const summary = ({ id, name, slug }: ShownRow) => ({ id, name, slug });
  const byId = new Map(related.map((r) => [r.id, r]));
  return {
    category: summary(row),
    breadcrumb: row.path
      .slice(0, -1)
      .map((id) => byId.get(id))
      .filter((r): r is ShownRow => r !== undefined)
      .map(summary),
    children: related.filter((r) => r.parent_id === row.id).map(summary),
  };
}

/** Slugs of the shown categories in display order, for the sitemap. */
export async function listSitemapCategories(db: Db): Promise<string[]> {
  return (await shownRows(db)).map((row) => row.slug);
}
