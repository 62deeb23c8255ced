import type { Product } from '@cartwheel/shared/contracts/catalog';

/**
 * The cache tags of the storefront's public reads, and the tags a catalog change purges
 * (docs/decisions/0036-shared-http-caching.md). Every shared response carries `catalog`, so purging
 * it drops them all.
 */
export const CATALOG_TAG = 'catalog';

/** The tags of each list the storefront reads. */
export const LIST_TAGS = {
  products: [CATALOG_TAG, 'products'],
  categories: [CATALOG_TAG, 'categories'],
  brands: [CATALOG_TAG, 'brands'],
  /** The shop's look and its content pages (the settings and content tables announce no ids). */
  site: [CATALOG_TAG, 'site'],
} as const;

const productTag = (id: string) => `product-${id}`;
const categoryTag = (id: string) => `category-${id}`;
const brandTag = (id: string) => `brand-${id}`;

/** A product's detail (JSON or page) shows its brand's and its categories' names too. */
export function productTags(product: Pick<Product, 'id' | 'brand' | 'categories'>): string[] {
  return [
    CATALOG_TAG,
    productTag(product.id),
    ...(product.brand ? [brandTag(product.brand.id)] : []),
    ...product.categories.map((category) => categoryTag(category.id)),
  ];
}

/** What one kind of change drops besides its items: lists filter, sort and show names. */
const KINDS = {
  product: { tag: productTag, lists: ['products'] },
  category: { tag: categoryTag, lists: ['products', 'categories'] },
  brand: { tag: brandTag, lists: ['products', 'brands'] },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The tags to purge for one catalog notification (migration 0030): `product <id> <id>...`,
 * `category ...`, `brand ...`. Anything else (an empty payload from the content tables or a
 * TRUNCATE, `<kind> *`, or `null` after the listening connection came back) purges everything.
 */
export function tagsForChange(payload: string | null): string[] {
  const [kind = '', ...ids] = (payload ?? '').trim().split(/\s+/);
  const rule = Object.hasOwn(KINDS, kind) ? KINDS[kind as keyof typeof KINDS] : undefined;
  if (!rule || ids.length === 0 || !ids.every((id) => UUID.test(id))) return [CATALOG_TAG];
  return [...rule.lists, ...ids.map(rule.tag)];
}
