import type { FieldValues, Resolver } from 'react-hook-form';

function localizeErrors(localize: (message: string) => string, errors: unknown): void {
  if (!errors || typeof errors !== 'object') return;
  const error = errors as { message?: unknown };
  if (typeof error.message === 'string') error.message = localize(error.message);
  for (const value of Object.values(errors)) {
    if (value && typeof value === 'object') localizeErrors(localize, value);
  }
}

/**
 * A form resolver whose messages pass through `localize`: the shared contracts' checks are written in
 * English (the API answers with them too), and the storefront shows them in the page's language.
 */
export function localizedResolver<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  localize: (message: string) => string,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    localizeErrors(localize, result.errors);
    return result;
  };
}

/**
 * A form resolver whose code loads with the first check (`load`, an `import()`), so a form's schema
 * library is not part of the page's first script. Module loading keeps one copy whoever calls it.
 */
export function lazyResolver<T extends FieldValues, C, O>(
  load: () => Promise<Resolver<T, C, O>>,
): Resolver<T, C, O> {
  return async (values, context, options) => (await load())(values, context, options);
}
