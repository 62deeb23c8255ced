/**
 * "Trail Mug — 12 oz!" -> "trail-mug-12-oz": lower-case ASCII letters and digits joined by single
 * hyphens (accents dropped, "&" read as "and"), at most 80 characters; `fallback` when nothing is left.
 */
export function slugify(text: string, fallback = 'product'): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || fallback;
}
