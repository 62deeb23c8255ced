import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';

type ListValues = Record<string, unknown>;

const TYPED = ['search'];

export interface ListParamsOptions<T extends ListValues> {
  /**
   * Keys written to the URL as a group: when one differs from its default, all of them are written
   * (a sort column and its direction, so `?sort=name&dir=desc` never loses half of the pair).
   */
  together?: readonly (readonly (keyof T & string)[])[];
  /**
   * Keys changed while typing (default `search`): a change of one of these (without a page) replaces
   * the current history entry instead of adding one, so the back button skips the keystrokes.
   */
  typed?: readonly string[];
}

/** A value as the URL holds it: arrays comma-separated, empty and missing values as ''. */
function serialize(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * The list's state read from a query string: each key of `defaults` is parsed with its field of
 * `schema`; a missing or invalid value falls back to its default on its own, so one bad parameter in a
 * shared link does not reset the rest.
 */
export function readListParams<S extends z.ZodObject>(
  schema: S,
  defaults: z.output<S>,
  search: URLSearchParams,
): z.output<S> {
  const values: ListValues = { ...defaults };
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const key of Object.keys(defaults)) {
    const raw = search.get(key);
    const field = shape[key];
    if (raw === null || !field) continue;
    const parsed = field.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
  }
  return values as z.output<S>;
}

/** The query string of a list's state: values equal to their default (or empty) are left out. */
export function writeListParams<T extends ListValues>(
  values: T,
  defaults: T,
  together: ListParamsOptions<T>['together'] = [],
): URLSearchParams {
  const differs = (key: string) => serialize(values[key]) !== serialize(defaults[key]);
  const query = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const text = serialize(values[key]);
    const group = together.find((keys) => keys.includes(key));
    const write = group ? group.some(differs) : differs(key);
    if (write && text) query.set(key, text);
  }
  return query;
}

/**
 * A list's state (page, page size, search, filters, sort) kept in the address bar, so a reload, a
 * shared link or the back button shows the same page. Returns the parsed values and `update(change)`,
 * which writes the change back: any change that does not set the page goes back to page 1, and values
 * equal to their default are left out of the URL. `schema`, `defaults` and `options` should be
 * constants (defined outside the component).
 */
export function useListParams<S extends z.ZodObject>(
  schema: S,
  defaults: z.output<S> & { page: number },
  options: ListParamsOptions<z.output<S>> = {},
) {
  type Values = z.output<S>;
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const params = useMemo(
    () => readListParams(schema, defaults, searchParams),
    [schema, defaults, searchParams],
  );
  const { together, typed = TYPED } = options;

  const update = useCallback(
    (change: Partial<Values>) => {
      // A search typed just before leaving the list (debounced) must not follow the user to the next page.
      const trim = (path: string) => path.replace(/\/+$/, '');
      if (!trim(window.location.pathname).endsWith(trim(pathname))) return;
      const keys = Object.keys(change);
      const next: Values = { ...params, ...change };
      if (!keys.includes('page')) (next as ListValues).page = defaults.page;
      const replace = keys.some((key) => typed.includes(key)) && !keys.includes('page');
      setSearchParams(writeListParams(next, defaults, together), { replace });
    },
    [params, pathname, setSearchParams, defaults, together, typed],
  );

  return [params, update] as const;
}
