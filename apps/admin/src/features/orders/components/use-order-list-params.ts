import { ORDER_STATUSES, PAGE_SIZES } from '@cartwheel/shared/constants';
import { type OrderStatus, orderListQuery } from '@cartwheel/shared/contracts/orders';
import { useListParams } from '@cartwheel/ui/lib/use-list-params';
import { z } from 'zod';
import { LIST_STATE_FIELDS } from '../../../lib/list-state.ts';
import type { OrderListParams } from '../api/get-orders.ts';

const DEFAULTS: OrderListParams = {
  page: 1,
  limit: PAGE_SIZES[0],
  search: '',
  status: [],
  sort: 'created_at',
  dir: 'desc',
};

const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

/** The API's query, read leniently: unknown statuses are dropped from the list, not the whole list. */
const orderListState = orderListQuery.extend({
  ...LIST_STATE_FIELDS,
  status: z.string().transform((s) => s.split(',').filter(isOrderStatus)),
});

const OPTIONS = { together: [['sort', 'dir']] } as const;

/**
 * The order list's state kept in the address bar (?page=&limit=&search=&status=&sort=&dir=), so a
 * reload, a shared link or the back button shows the same page. Changing anything but the page
 * starts again from page 1.
 */
export function useOrderListParams() {
  return useListParams(orderListState, DEFAULTS, OPTIONS);
}
