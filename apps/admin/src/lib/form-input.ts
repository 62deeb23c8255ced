import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { toMinorUnits } from '@cartwheel/shared/money';
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * A number typed into a form as a request body wants it: empty is null, text that is no number is
 * NaN (so the contract answers with the field's own message), anything else is the number.
 */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** An amount typed into a form as minor units of `currency` (12.5 USD → 1250), like `typedNumber`. */
export function typedMinorUnits(text: string, currency: string): number | null {
  const n = typedNumber(text);
  return n === null || Number.isNaN(n) ? n : toMinorUnits(text, currency);
}

/** A percentage typed into a form as basis points (8.25 → 825), like `typedNumber`. */
export function typedBasisPoints(text: string): number | null {
  const n = typedNumber(text);
  return n === null || Number.isNaN(n) ? n : Math.round(n * 100);
}

/**
 * Puts a refused request's field messages on the form's fields: the form's fields are named after
 * the body's, so a path lands as it is unless `fieldOf` moves it (undefined: the form has no place
 * for it). The first message of a field wins. Returns how many were placed.
 */
export function setApiFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldOf: (field: string) => string | undefined = (field) => field,
): number {
  const placed = new Set<string>();
  for (const { field, message } of apiFieldErrors(error)) {
    const name = fieldOf(field);
    if (name === undefined || placed.has(name)) continue;
    setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: placed.size === 0 });
    placed.add(name);
  }
  return placed.size;
}

/**
 * The message of a list (or record) field's error: its own (under `root` when the list is a field
 * array) or, unless `items` is false, the first of its items'.
 */
export function listMessage(error: unknown, items = true): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message ?? (error as { root?: FieldError }).root?.message;
  if (own || !items) return own;
  for (const [key, item] of Object.entries(error)) {
    // A field error's `ref` is its input: nothing to look for in there.
    const found = key === 'ref' || key === 'root' ? undefined : listMessage(item);
    if (found) return found;
  }
  return undefined;
}

/** "body.methods.0.amount_cents: Price can't be negative; body.url: ..." → "Price can't be negative". */
function plainMessage(error: unknown): string {
  const message = getErrorMessage(error);
  const parts = message.split(/;\s*/).map((part) => part.replace(/^body\.[\w.[\]]+:\s*/, ''));
  return [...new Set(parts)].join(' ');
}

/**
 * A refused save of a back-office form, said once: each field's message on its field (one per
 * field, gone at the next submit as the form checks again), and the banner's (or toast's) text: a
 * pointer to the fields when every message found its field, else the message in plain words, never
 * with a request path ("body.url: ...").
 */
export function formErrorBanner<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldOf: (field: string) => string | undefined = (field) => field,
): string {
  const fields = apiFieldErrors(error);
  const placed = setApiFieldErrors(setError, error, fieldOf);
  if (fields.length > 0 && fields.every(({ field }) => fieldOf(field) !== undefined)) {
    return placed === 1 ? 'Check the field marked below.' : 'Check the fields marked below.';
  }
  return plainMessage(error);
}
