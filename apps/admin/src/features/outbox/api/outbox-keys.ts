import { adminKeys } from '../../../lib/query-keys.ts';

/** Query keys of the mail outbox: one per page, all starting with ['admin', 'emails']. */
export const outboxKeys = {
  all: adminKeys.emails,
  page: (page: number) => [...adminKeys.emails, page] as const,
};
