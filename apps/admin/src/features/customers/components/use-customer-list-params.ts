import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { customerListQuery } from '@cartwheel/shared/contracts/customers';
import { useListParams } from '@cartwheel/ui/lib/use-list-params';
import { LIST_STATE_FIELDS } from '../../../lib/list-state.ts';
import type { CustomerListParams } from '../api/get-customers.ts';

const DEFAULTS: CustomerListParams = {
  page: 1,
  limit: PAGE_SIZES[0],
  search: '',
  tag: '',
  sort: 'created_at',
  dir: 'desc',
};

const customerListState = customerListQuery.extend(LIST_STATE_FIELDS);

const OPTIONS = { together: [['sort', 'dir']] } as const;

/** The customer list's state in the address bar; changing anything but the page goes back to page 1. */
export function useCustomerListParams() {
  return useListParams(customerListState, DEFAULTS, OPTIONS);
}
