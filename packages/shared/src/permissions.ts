import type { Role } from './constants.ts';

// What a back-office member may do, per resource and action. The built-in roles are presets of these;
// an admin can make a role of any set (docs/decisions/0082-roles-made-of-permissions.md). The server
// checks one permission per route (apps/api/src/modules/accounts/admin-access.ts); the back office
// hides what the viewer's permissions do not allow, from the same list.

/** Every permission, grouped by resource for the role editor. */
export const PERMISSION_GROUPS = [
  {
    resource: 'Orders',
    permissions: [
      { id: 'orders.read', label: 'View orders and the dashboard' },
      { id: 'orders.edit', label: 'Change status, edit and cancel orders, send order links' },
      { id: 'orders.fulfil', label: 'Fulfil and mark delivered' },
      { id: 'orders.refund', label: 'Refund' },
      { id: 'orders.export', label: 'Export orders' },
      { id: 'returns.read', label: 'View returns' },
      { id: 'returns.manage', label: 'Approve, decline and receive returns' },
      { id: 'orders.documents', label: 'Print packing slips, invoices and credit notes' },
      { id: 'pos.use', label: 'Point of Sale and draft orders' },
    ],
  },
  {
    resource: 'Customers',
    permissions: [
      { id: 'customers.read', label: 'View customers' },
      { id: 'customers.write', label: 'Invite customers' },
      { id: 'customers.export', label: 'Export customers' },
      { id: 'reviews.moderate', label: 'Moderate and reply to product reviews' },
      { id: 'wholesale.manage', label: 'Customer groups, price lists and invoices on payment terms' },
    ],
  },
  {
    resource: 'Products',
    permissions: [
      { id: 'products.read', label: 'View products and categories' },
      { id: 'products.write', label: 'Edit, import and export products and categories' },
      { id: 'stock_alerts.read', label: 'See who is waiting for stock' },
      { id: 'stock.transfer', label: 'Send and receive stock transfers between locations' },
      { id: 'stock.adjust', label: 'Count and adjust stock at a location' },
      { id: 'channels.manage', label: 'Sales channels and feeds' },
    ],
  },
  {
    resource: 'Selling',
    permissions: [
      { id: 'discounts.manage', label: 'Discounts' },
      { id: 'gift_cards.read', label: 'View gift cards' },
      { id: 'gift_cards.issue', label: 'Issue gift cards and store credit' },
      { id: 'marketing.manage', label: 'Marketing' },
      { id: 'campaigns.manage', label: 'Segments and campaign drafts' },
      { id: 'campaigns.send', label: 'Send email campaigns' },
      { id: 'markets.read', label: 'View markets and prices' },
      { id: 'markets.write', label: 'Edit markets, rates and prices' },
    ],
  },
  {
    resource: 'Content',
    permissions: [
      { id: 'content.read', label: 'View pages and translations' },
      { id: 'content.write', label: 'Edit pages, the home page and translations' },
    ],
  },
  {
    resource: 'Reports',
    permissions: [
      { id: 'analytics.read', label: 'Analytics' },
      { id: 'finances.read', label: 'Finances' },
    ],
  },
  {
    resource: 'Shop',
    permissions: [
      { id: 'settings.manage', label: 'Settings, shipping, taxes, emails and jobs' },
      { id: 'locations.manage', label: 'Stock locations' },
      { id: 'team.manage', label: 'Team and roles' },
      { id: 'apps.manage', label: 'API keys and webhooks' },
      { id: 'audit.read', label: 'Audit log' },
    ],
  },
] as const;

export type Permission = (typeof PERMISSION_GROUPS)[number]['permissions'][number]['id'];

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) =>
  g.permissions.map((p) => p.id),
);

const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

const STAFF: Permission[] = [
  'orders.read',
  'orders.edit',
  'orders.fulfil',
  'orders.export',
  'returns.read',
  'returns.manage',
  'orders.documents',
  'pos.use',
  'customers.read',
  'customers.write',
  'reviews.moderate',
  'products.read',
  'stock.transfer',
  'markets.read',
  'content.read',
  'analytics.read',
];

const MANAGER: Permission[] = [
  ...STAFF,
  'orders.refund',
  'customers.export',
  'wholesale.manage',
  'products.write',
  'stock_alerts.read',
  'stock.adjust',
  'locations.manage',
  'channels.manage',
  'discounts.manage',
  'gift_cards.read',
  'marketing.manage',
  'campaigns.manage',
  'campaigns.send',
  'markets.write',
  'content.write',
  'finances.read',
];

/** The built-in roles as permission sets (customers have none). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  customer: [],
  staff: STAFF,
  manager: MANAGER,
  admin: PERMISSIONS,
};

/** A member's permissions: their custom role's when they have one, else their built-in role's. */
export function permissionsOf(role: Role, custom?: readonly string[] | null): Permission[] {
  if (role === 'customer') return [];
  if (custom) return custom.filter(isPermission);
  return [...ROLE_PERMISSIONS[role]];
}

/** Keeps the known permissions of a list, in the canonical order, once each. */
export function normalizePermissions(list: readonly string[]): Permission[] {
  const wanted = new Set(list);
  return PERMISSIONS.filter((p) => wanted.has(p));
}

/** The lowest built-in role that has `permission` (what the back office names as the required role). */
export function leastRoleWith(permission: Permission): Exclude<Role, 'customer'> {
  return (['staff', 'manager', 'admin'] as const).find((role) =>
    ROLE_PERMISSIONS[role].includes(permission),
  )!;
}
