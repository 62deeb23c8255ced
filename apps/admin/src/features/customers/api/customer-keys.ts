import { adminKeys } from '../../../lib/query-keys.ts';
import type { CustomerListParams } from './get-customers.ts';

/** Query keys of the customers feature; every customer query starts with ['admin', 'customers']. */
export const customerKeys = {
  all: adminKeys.customers,
  list: (params: CustomerListParams) => [...adminKeys.customers, 'list', params] as const,
  detail: (customerId: string) => [...adminKeys.customers, 'detail', customerId] as const,
};
