import type { FieldValues, Resolver } from 'react-hook-form';
import type { useT } from './i18n.tsx';

type Translate = ReturnType<typeof useT>;

// The forms' checks are the shared contracts' (packages/shared), written in English for the API's
// answers too: the storefront shows their messages in the page's language.
const PATTERNS: Array<[RegExp, (t: Translate, match: RegExpExecArray) => string]> = [
  [/^.+ is required$/, (t) => t('validation.required')],
  [/^.+ must be at most (\d+) characters$/, (t, m) => t('validation.tooLong', { max: Number(m[1]) })],
  [/^Enter a valid email address$/, (t) => t('validation.email')],
  [/^Choose a country( from the list)?$/, (t) => t('validation.country')],
  [/^Choose a state or province from the list$/, (t) => t('validation.state')],
  [/^This code can't be used with this cart$/, (t) => t('checkout.discount.notApplicable')],
];

/** A check's message in the page's language; a message it does not know stays as it is. */
export function localizeMessage(t: Translate, message: string): string {
  for (const [pattern, translate] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(t, match);
  }
  return message;
}

function localizeErrors(t: Translate, errors: unknown): void {
  if (!errors || typeof errors !== 'object') return;
  const error = errors as { message?: unknown };
  if (typeof error.message === 'string') error.message = localizeMessage(t, error.message);
  for (const value of Object.values(errors)) if (value && typeof value === 'object') localizeErrors(t, value);
}

/** A form resolver whose messages are in the page's language. */
export function localizedResolver<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  t: Translate,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    localizeErrors(t, result.errors);
    return result;
  };
}
