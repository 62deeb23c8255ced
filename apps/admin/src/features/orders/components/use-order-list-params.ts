import { ORDER_STATUSES, PAGE_SIZES } from '@cartwheel/shared/constants';
import { type OrderStatus, orderListQuery } from '@cartwheel/shared/contracts/orders';
import { useListParams } from '@cartwheel/ui/lib/use-list-params';
import { z } from 'zod';
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

/**
 * The API's query with the address bar's leniency: the search as typed (not trimmed), a page size
 * from the menu, and unknown statuses dropped from the list rather than the whole list.
 */
const orderListState = orderListQuery.extend({
  search: z.string(),
  status: z.string().transform((s) => s.split(',').filter(isOrderStatus)),
  limit: z.coerce.number().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
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
