import { formatEnUSNumber } from './en-us.ts';

/** "processing" -> "Processing": the first letter upper-cased, the rest as it was. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The shop's texts are en-US: English has two cardinal forms, "one" (1) and "other" (0, 2, 1.5, ...).
// Counts are written by en-us.ts and whole counts take their form here, as Intl would (text.test.ts
// compares them): the first Intl.PluralRules or Intl.NumberFormat of a page loads ICU's locale data,
// tens of milliseconds of main thread on a phone while the storefront starts (the header's cart
// button counts its items). Other numbers' forms go to Intl, made on first use.
let rules: Intl.PluralRules | undefined;

const isWhole = (count: number) => Number.isSafeInteger(count) && !Object.is(count, -0);

function pluralForm(count: number): 'one' | 'other' {
  if (isWhole(count)) return Math.abs(count) === 1 ? 'one' : 'other';
  rules ??= new Intl.PluralRules('en-US');
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** The two English forms of a text that depends on a count; `#` in either stands for the count. */
export interface PluralForms {
  one: string;
  other: string;
}

/**
 * The form of `forms` that agrees with `count`, with `#` replaced by the count as en-US writes it:
 * pluralText(1, { one: 'The row is valid', other: 'All # rows are valid' }) -> "The row is valid".
 * Every text that counts something goes through this or plural(), never `${n} items` by hand.
 */
export function pluralText(count: number, forms: PluralForms): string {
  const form = pluralForm(count) === 'one' ? forms.one : forms.other;
  return form.replaceAll('#', formatEnUSNumber(count));
}

/** A count with its noun: "1 item", "3 items", "1,200 products"; `other` for nouns that take more than an "s". */
export function plural(count: number, one: string, other = `${one}s`): string {
  return pluralText(count, { one: `# ${one}`, other: `# ${other}` });
}

/** "A", "A and B", "A, B and C"; past `shown` items, "A, B, C and 2 more". */
export function listOf(items: readonly string[], shown = Number.POSITIVE_INFINITY): string {
  if (items.length < 2) return items.join('');
  if (items.length <= shown) return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return `${items.slice(0, shown).join(', ')} and ${items.length - shown} more`;
}

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
