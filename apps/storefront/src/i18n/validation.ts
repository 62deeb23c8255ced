import type { useT } from './i18n.tsx';

type Translate = ReturnType<typeof useT>;

// The forms' checks are the shared contracts' (packages/shared, packages/auth), written in English for
// the API's answers too: the storefront shows their messages in the page's language.
const PATTERNS: Array<[RegExp, (t: Translate, match: RegExpExecArray) => string]> = [
  [/^.+ is required$/, (t) => t('validation.required')],
  [/^.+ must be at most (\d+) characters$/, (t, m) => t('validation.tooLong', { max: Number(m[1]) })],
  [/^Enter a valid email address$/, (t) => t('validation.email')],
  [/^Choose a country( from the list)?$/, (t) => t('validation.country')],
  [/^Choose a state or province from the list$/, (t) => t('validation.state')],
  [/^This code can't be used with this cart$/, (t) => t('checkout.discount.notApplicable')],
  [/^Password must be at least (\d+) characters$/, (t, m) => t('validation.tooShort', { min: Number(m[1]) })],
  [/^Passwords do not match$/, (t) => t('validation.passwordsDiffer')],
  [/^Please confirm your password$/, (t) => t('validation.confirmPassword')],
  [/^Enter the code$/, (t) => t('validation.code')],
];

/**
 * A check's message in the page's language; in English, and for a message it does not know, the
 * message as written (English names the field: "Address is required").
 */
export function localizeMessage(t: Translate, message: string): string {
  if (t.language === 'en') return message;
  for (const [pattern, translate] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(t, match);
  }
  return message;
}
