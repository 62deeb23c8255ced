import { adminKeys } from '../../../lib/query-keys.ts';

/** Query keys of the back office's search box, one per query text. */
export const searchKeys = {
  all: adminKeys.search,
  query: (q: string) => [...adminKeys.search, q] as const,
};
