import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { adminProductListQuery } from '@cartwheel/shared/contracts/admin-products';
import { useListParams } from '@cartwheel/ui/lib/use-list-params';
import { z } from 'zod';
import type { ProductListParams } from '../api/get-products.ts';

const DEFAULTS: ProductListParams = {
  page: 1,
  limit: PAGE_SIZES[1],
  search: '',
  status: 'all',
  sort: 'created_at',
  order: 'desc',
};

/** The API's query with the search as typed (not trimmed) and a page size from the menu. */
const productListState = adminProductListQuery.extend({
  search: z.string(),
  limit: z.coerce.number().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
});

const OPTIONS = { together: [['sort', 'order']] } as const;

/**
 * The products list's state in the address bar (?page=&limit=&search=&status=&sort=&order=), so a
 * reload, a shared link or the back button shows the same page. Changing anything but the page
 * starts again from page 1.
 */
export function useProductListParams() {
  return useListParams(productListState, DEFAULTS, OPTIONS);
}
