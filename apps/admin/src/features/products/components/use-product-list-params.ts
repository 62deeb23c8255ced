import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { adminProductListQuery } from '@cartwheel/shared/contracts/admin-products';
import { useListParams } from '@cartwheel/ui/lib/use-list-params';
import { LIST_STATE_FIELDS } from '../../../lib/list-state.ts';
import type { ProductListParams } from '../api/get-products.ts';

const DEFAULTS: ProductListParams = {
  page: 1,
  limit: PAGE_SIZES[1],
  search: '',
  status: 'all',
  sort: 'created_at',
  order: 'desc',
};

const productListState = adminProductListQuery.extend(LIST_STATE_FIELDS);

const OPTIONS = { together: [['sort', 'order']] } as const;

/**
 * The products list's state in the address bar (?page=&limit=&search=&status=&sort=&order=), so a
 * reload, a shared link or the back button shows the same page. Changing anything but the page
 * starts again from page 1.
 */
export function useProductListParams() {
  return useListParams(productListState, DEFAULTS, OPTIONS);
}
