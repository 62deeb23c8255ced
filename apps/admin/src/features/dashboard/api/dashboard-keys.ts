import { adminKeys } from '../../../lib/query-keys.ts';

/** Query keys of the dashboard; its figures start with ['admin', 'dashboard']. */
export const dashboardKeys = {
  all: adminKeys.dashboard,
  range: (range: { from: string; to: string }) => [...adminKeys.dashboard, range] as const,
  /** The API's own health check, outside the back office's keys. */
  health: ['health'] as const,
};
