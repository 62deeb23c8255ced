import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { CUSTOMER_SORTS, type CustomerSort } from '@cartwheel/shared/contracts/customers';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { CustomerListParams } from '../api/get-customers.ts';

const DEFAULTS: CustomerListParams = {
  page: 1,
  limit: PAGE_SIZES[0],
  search: '',
  sort: 'created_at',
  dir: 'desc',
};

/** The customer list's state in the address bar; changing anything but the page goes back to page 1. */
export function useCustomerListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const params = useMemo<CustomerListParams>(() => {
    const page = Number(searchParams.get('page'));
    const limit = Number(searchParams.get('limit'));
    const sort = searchParams.get('sort') as CustomerSort | null;
    return {
      page: Number.isInteger(page) && page >= 1 ? page : DEFAULTS.page,
      limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULTS.limit,
      search: searchParams.get('search') ?? '',
      sort: sort && CUSTOMER_SORTS.includes(sort) ? sort : DEFAULTS.sort,
      dir: searchParams.get('dir') === 'asc' ? 'asc' : 'desc',
    };
  }, [searchParams]);

  const update = useCallback(
    (change: Partial<CustomerListParams>) => {
      // A search typed just before leaving the list (debounced) must not follow the user to the next page.
      const trim = (path: string) => path.replace(/\/+$/, '');
      if (!trim(window.location.pathname).endsWith(trim(pathname))) return;
      const next = { ...params, ...change };
      if (!('page' in change)) next.page = 1;
      const query = new URLSearchParams();
      if (next.page !== DEFAULTS.page) query.set('page', String(next.page));
      if (next.limit !== DEFAULTS.limit) query.set('limit', String(next.limit));
      if (next.search) query.set('search', next.search);
      if (next.sort !== DEFAULTS.sort || next.dir !== DEFAULTS.dir) {
        query.set('sort', next.sort);
        query.set('dir', next.dir);
      }
      setSearchParams(query, { replace: 'search' in change });
    },
    [params, pathname, setSearchParams],
  );
  return [params, update] as const;
}
