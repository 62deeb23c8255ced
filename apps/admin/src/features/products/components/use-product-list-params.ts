import { PAGE_SIZES } from '@cartwheel/shared/constants';
import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductSort,
  PRODUCT_STATUSES,
  type ProductStatusFilter,
} from '@cartwheel/shared/contracts/admin-products';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductListParams } from '../api/get-products.ts';

const DEFAULTS: ProductListParams = {
  page: 1,
  limit: PAGE_SIZES[1],
  search: '',
  status: 'all',
  sort: 'created_at',
  order: 'desc',
};

function parse(search: URLSearchParams): ProductListParams {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  const sort = search.get('sort') as AdminProductSort | null;
  const status = search.get('status') as ProductStatusFilter | null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULTS.page,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULTS.limit,
    search: search.get('search') ?? '',
    status: status && PRODUCT_STATUSES.includes(status) ? status : DEFAULTS.status,
    sort: sort && ADMIN_PRODUCT_SORTS.includes(sort) ? sort : DEFAULTS.sort,
    order: search.get('order') === 'asc' ? 'asc' : sort ? 'desc' : DEFAULTS.order,
  };
}

/**
 * The products list's state in the address bar (?page=&limit=&search=&status=&sort=&order=), so a
 * reload, a shared link or the back button shows the same page. Changing anything but the page
 * starts again from page 1.
 */
export function useProductListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parse(searchParams), [searchParams]);

  const update = useCallback(
    (change: Partial<ProductListParams>) => {
      const next = { ...params, ...change };
      if (!('page' in change)) next.page = 1;
      const query = new URLSearchParams();
      if (next.page !== DEFAULTS.page) query.set('page', String(next.page));
      if (next.limit !== DEFAULTS.limit) query.set('limit', String(next.limit));
      if (next.search) query.set('search', next.search);
      if (next.status !== DEFAULTS.status) query.set('status', next.status);
      if (next.sort !== DEFAULTS.sort || next.order !== DEFAULTS.order) {
        query.set('sort', next.sort);
        query.set('order', next.order);
      }
      setSearchParams(query, { replace: 'search' in change && !('page' in change) });
    },
    [params, setSearchParams],
  );

  return [params, update] as const;
}
