import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likeEscape } from '../../lib/like.ts';
import {
  productOptions,
  productOptionValues,
  products,
  productVariants,
  variantOptionValues,
} from './catalog.schema.ts';
import { getAdminProduct } from './product.service.ts';
import { type DbOrTx, lockProduct, retryOnSlugRace, uniqueSlug, variantSkuTaken } from './product-shared.ts';

/** The first free "<sku>-copy", "<sku>-copy-2"... among products or among variants. */
async function uniqueCopySku(tx: DbOrTx, table: 'products' | 'product_variants', sku: string) {
  const base = `${sku}-copy`;
  const rows = await queryRows<{ sku: string }>(
    tx,
    sql`SELECT sku FROM ${sql.raw(table)} WHERE sku = ${base} OR sku LIKE ${`${likeEscape(base)}-%`}`,
  );
  const taken = new Set(rows.map((r) => r.sku));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Copies a product as a Draft named "<name> (Copy)" with SKU and slug suffixed "-copy": fields,
 * categories, images, options with values and variants (their SKUs renamed the same way).
 */
export async function duplicateAdminProduct(db: Db, id: string): Promise<AdminProductDetail> {
  const newId = await retryOnSlugRace(() =>
    db.transaction(async (tx) => {
      const source = await lockProduct(tx, id);
      const [full] = await tx.select().from(products).where(eq(products.id, id));
      const sku = await uniqueCopySku(tx, 'products', source.sku);
      const slug = await uniqueSlug(tx, `${source.slug}-copy`);
      const [copy] = await tx
        .insert(products)
        .values({
          ...full!,
          id: undefined,
          effectivePrice: undefined,
          name: `${full!.name} (Copy)`.slice(0, 200),
          sku,
          slug,
          isVisible: false,
          createdAt: undefined,
          updatedAt: undefined,
          deletedAt: null,
        } as typeof products.$inferInsert)
        .returning({ id: products.id });
      const copyId = copy!.id;
      await tx.execute(sql`INSERT INTO product_categories (product_id, category_id)
        SELECT ${copyId}, category_id FROM product_categories WHERE product_id = ${id}`);
      // The copies get their ids here, so each copied variant can show the copy of its image.
      const imageIds = await queryRows<{ old_id: string; new_id: string }>(
        tx,
        sql`WITH src AS MATERIALIZED (SELECT i.*, gen_random_uuid() AS new_id FROM product_images i WHERE i.product_id = ${id}),
          ins AS (INSERT INTO product_images (id, product_id, url, alt_text, is_thumbnail, sort_order, width, height, variants)
            SELECT new_id, ${copyId}, url, alt_text, is_thumbnail, sort_order, width, height, variants FROM src)
        SELECT id AS old_id, new_id FROM src`,
      );
      const imageMap = new Map(imageIds.map((r) => [r.old_id, r.new_id]));

      const valueMap = new Map<string, string>();
      const options = await tx.select().from(productOptions).where(eq(productOptions.productId, id));
      for (const option of options) {
        const [newOption] = await tx
          .insert(productOptions)
          .values({ ...option, id: undefined, productId: copyId, createdAt: undefined })
          .returning({ id: productOptions.id });
        const values = await tx
          .select()
          .from(productOptionValues)
          .where(eq(productOptionValues.optionId, option.id));
        for (const value of values) {
          const [newValue] = await tx
            .insert(productOptionValues)
            .values({ ...value, id: undefined, optionId: newOption!.id })
            .returning({ id: productOptionValues.id });
          valueMap.set(value.id, newValue!.id);
        }
      }
      const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, id));
      for (const variant of variants) {
        // A generated SKU (base SKU + values) follows the new base SKU; anything else gets "-copy".
        const variantSku = variant.sku.startsWith(`${source.sku}-`)
          ? `${sku}${variant.sku.slice(source.sku.length)}`
          : variant.sku;
        const freeSku =
          variantSku !== variant.sku && !(await variantSkuTaken(tx, variantSku))
            ? variantSku
            : await uniqueCopySku(tx, 'product_variants', variant.sku);
        const [newVariant] = await tx
          .insert(productVariants)
          .values({
            ...variant,
            id: undefined,
            productId: copyId,
            sku: freeSku,
            imageId: variant.imageId ? (imageMap.get(variant.imageId) ?? null) : null,
            createdAt: undefined,
            updatedAt: undefined,
          })
          .returning({ id: productVariants.id });
        const links = await tx
          .select()
          .from(variantOptionValues)
          .where(eq(variantOptionValues.variantId, variant.id));
        if (links.length) {
          await tx.insert(variantOptionValues).values(
            links.map((l) => ({
              variantId: newVariant!.id,
              optionValueId: valueMap.get(l.optionValueId)!,
            })),
          );
        }
      }
      return copyId;
    }),
  );
  return getAdminProduct(db, newId);
}
