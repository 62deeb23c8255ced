/**
 * The first part of every back-office query key, one per feature. A feature's own key factory
 * (`orderKeys`, `customerKeys`...) builds on its root; another feature that must refresh it (an order
 * action changes the dashboard's figures) invalidates the root named here, without importing it.
 */
export const adminKeys = {
  apps: ['admin', 'apps'] as const,
  auditLog: ['admin', 'audit-log'] as const,
  channels: ['admin', 'channels'] as const,
  customers: ['admin', 'customers'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  emails: ['admin', 'emails'] as const,
  jobs: ['admin', 'jobs'] as const,
  orders: ['admin', 'orders'] as const,
  products: ['admin', 'products'] as const,
  search: ['admin', 'search'] as const,
  settings: ['admin', 'settings'] as const,
  stock: ['admin', 'stock'] as const,
  team: ['admin', 'team'] as const,
  roles: ['admin', 'roles'] as const,
  users: ['admin', 'users'] as const,
};
