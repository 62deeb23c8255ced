import { ApiError } from './api-client.ts';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The field messages of a refused request (the error body's `details`), with their field paths made
 * relative to `prefix` ("body.customer_info." → "email"); fields outside the prefix are left out.
 */
export function apiFieldErrors(error: unknown, prefix = 'body.'): FieldError[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const found: FieldError[] = [];
  for (const item of error.details as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, message } = item as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string' || !field.startsWith(prefix)) continue;
    found.push({ field: field.slice(prefix.length), message });
  }
  return found;
}
