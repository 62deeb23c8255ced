import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { z } from 'zod';

/**
 * Fields that the address bar reads more leniently than the API: the search as typed (not trimmed,
 * or the box would eat a space while the user types) and a page size from the table's menu. Extend a
 * list's query contract with them to read the list's state from the URL.
 */
export const LIST_STATE_FIELDS = {
  search: z.string(),
  limit: z.coerce.number().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
};
