import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import {
  brands,
  categories,
  productCategories,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  variantOptionValues,
} from '../src/db/schema.ts';

// Test data factories: each call makes new rows with unique values; pass overrides for what a test cares about.
let counter = 0;
const next = () => `${++counter}-${randomUUID().slice(0, 8)}`;

export async function createBrand(db: Db, overrides: Partial<typeof brands.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(brands)
    .values({ name: `Brand ${n}`, slug: `brand-${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${n}`, slug: `category-${n}`, ...overrides })
    .returning();
  return row!;
}

export interface ProductFactoryOptions {
  categoryIds?: string[];
  images?: number;
}

export async function createProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
  options: ProductFactoryOptions = {},
) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${n}`,
      sku: `SKU-${n}`,
      slug: `product-${n}`,
      price: 1000,
      inventoryLevel: 10,
      ...overrides,
    })
    .returning();
  const product = row!;
  if (options.categoryIds?.length) {
    await db
      .insert(productCategories)
      .values(options.categoryIds.map((categoryId) => ({ productId: product.id, categoryId })));
  }
  const imageCount = options.images ?? 1;
  if (imageCount > 0) {
    await db.insert(productImages).values(
      Array.from({ length: imageCount }, (_, i) => ({
        productId: product.id,
        url: `/demo-images/test-${n}-${i}.svg`,
        altText: `${product.name} ${i + 1}`,
        isThumbnail: i === 0,
        sortOrder: i,
      })),
    );
  }
  return product;
}

/** An option with values on a product, e.g. createOption(db, id, 'size', ['S', 'M']). */
export async function createOption(
  db: Db,
  productId: string,
  name: string,
  labels: string[],
  overrides: Partial<typeof productOptions.$inferInsert> = {},
) {
  const [option] = await db
    .insert(productOptions)
    .values({ productId, name, displayName: name[0]!.toUpperCase() + name.slice(1), ...overrides })
    .returning();
  const values = await db
    .insert(productOptionValues)
    .values(
      labels.map((label, i) => ({
        optionId: option!.id,
        label,
        value: label.toLowerCase().replace(/\s+/g, '-'),
        sortOrder: i,
      })),
    )
    .returning();
  return { option: option!, values };
}

/** A variant linked to the given option values. */
export async function createVariant(
  db: Db,
  productId: string,
  optionValueIds: string[],
  overrides: Partial<typeof productVariants.$inferInsert> = {},
) {
  const [variant] = await db
    .insert(productVariants)
    .values({ productId, sku: `VAR-${next()}`, price: 1000, inventoryLevel: 5, ...overrides })
    .returning();
  if (optionValueIds.length) {
    await db
      .insert(variantOptionValues)
      .values(optionValueIds.map((optionValueId) => ({ variantId: variant!.id, optionValueId })));
  }
  return variant!;
}
