import type { ImportFormat } from '@cartwheel/shared/contracts/product-import';

/**
 * Which products CSV a header row belongs to: Shopify's (Handle with Title or Variant Price),
 * WooCommerce's (Regular price, or Type with Parent), else our own columns.
 */
export function detectFormat(header: string[]): ImportFormat {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  if (names.has('handle') && (names.has('title') || names.has('variant price'))) return 'shopify';
  if (names.has('regular price') || (names.has('type') && names.has('parent'))) return 'woocommerce';
  return 'cartwheel';
}
