import { ORDER_STATUSES, PAGE_SIZES } from '@cartwheel/shared/constants';
import { ORDER_SORTS, type OrderSort, type OrderStatus } from '@cartwheel/shared/contracts/orders';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { OrderListParams } from '../api/get-orders.ts';

const DEFAULTS: OrderListParams = {
  page: 1,
  limit: PAGE_SIZES[0],
  search: '',
  status: [],
  sort: 'created_at',
  dir: 'desc',
};

function parse(search: URLSearchParams): OrderListParams {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  const sort = search.get('sort') as OrderSort | null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULTS.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULTS.limit,
    search: search.get('search') ?? '',
    status: (search.get('status') ?? '')
      .split(',')
      .filter((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s)),
    sort: sort && ORDER_SORTS.includes(sort) ? sort : DEFAULTS.sort,
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

/**
 * The order list's state kept in the address bar (?page=&limit=&search=&status=&sort=&dir=), so a
 * reload, a shared link or the back button shows the same page. Changing anything but the page
 * starts again from page 1.
 */
export function useOrderListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const params = useMemo(() => parse(searchParams), [searchParams]);

  const update = useCallback(
    (change: Partial<OrderListParams>) => {
      // A search typed just before leaving the list (debounced) must not follow the user to the next page.
      const trim = (path: string) => path.replace(/\/+$/, '');
      if (!trim(window.location.pathname).endsWith(trim(pathname))) return;
      const next = { ...params, ...change };
      if (!('page' in change)) next.page = 1;
      const query = new URLSearchParams();
      if (next.page !== DEFAULTS.page) query.set('page', String(next.page));
      if (next.limit !== DEFAULTS.limit) query.set('limit', String(next.limit));
      if (next.search) query.set('search', next.search);
      if (next.status.length) query.set('status', next.status.join(','));
      if (next.sort !== DEFAULTS.sort || next.dir !== DEFAULTS.dir) {
        query.set('sort', next.sort);
        query.set('dir', next.dir);
      }
      setSearchParams(query, { replace: 'search' in change && !('page' in change) });
    },
    [params, pathname, setSearchParams],
  );

  return [params, update] as const;
}
