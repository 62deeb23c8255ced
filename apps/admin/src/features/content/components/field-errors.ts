import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { toast } from 'sonner';

/** The API's field errors by field path without "body." ("hero.title"); anything else is a toast. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields = apiFieldErrors(error);
  if (fields.length === 0) toast.error(getErrorMessage(error));
  return Object.fromEntries(fields.map((f) => [f.field, f.message]));
}
