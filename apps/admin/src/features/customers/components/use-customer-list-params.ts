import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { customerListQuery } from '@cartwheel/shared/contracts/customers';
import { useListParams } from '@cartwheel/ui/lib/use-list-params';
import { z } from 'zod';
import type { CustomerListParams } from '../api/get-customers.ts';

const DEFAULTS: CustomerListParams = {
  page: 1,
  limit: PAGE_SIZES[0],
  search: '',
  sort: 'created_at',
  dir: 'desc',
};

/** The API's query with the search as typed (not trimmed) and a page size from the menu. */
const customerListState = customerListQuery.extend({
  search: z.string(),
  limit: z.coerce.number().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
});

const OPTIONS = { together: [['sort', 'dir']] } as const;

/** The customer list's state in the address bar; changing anything but the page goes back to page 1. */
export function useCustomerListParams() {
  return useListParams(customerListState, DEFAULTS, OPTIONS);
}
