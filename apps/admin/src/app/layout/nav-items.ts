import type { Permission } from '@cartwheel/shared/permissions';
import {
  ArrowLeftRight,
  BadgePercent,
  BellRing,
  Building2,
  ChartColumn,
  CirclePlus,
  FileText,
  FolderTree,
  Gift,
  House,
  Inbox,
  Landmark,
  Languages,
  type LucideIcon,
  Mail,
  MailPen,
  Megaphone,
  MessageSquare,
  MonitorSmartphone,
  ReceiptText,
  ScrollText,
  Send,
  Settings,
  ShoppingBag,
  Store,
  Tag,
  Undo2,
  UserCog,
  Users,
  UsersRound,
  Warehouse,
} from 'lucide-react';

export interface NavItem {
  label: string;
  /** Relative to the router's basename: "/orders" is /admin/orders. */
  to: string;
  icon: LucideIcon;
  /** Shown only to members who hold it (the page's own guard, app/router.tsx). */
  permission: Permission;
  /** Entries listed under this one while its section is open, as Shopify's sidebar does. */
  children?: NavItem[];
}

/** The sidebar's main entries, in order, each with the screens of its section. */
export const MAIN_NAV: NavItem[] = [
  { label: 'Home', to: '/', icon: House, permission: 'orders.read' },
  {
    label: 'Orders',
    to: '/orders',
    icon: Inbox,
    permission: 'orders.read',
    children: [{ label: 'Returns', to: '/returns', icon: Undo2, permission: 'returns.read' }],
  },
  {
    label: 'Products',
    to: '/products',
    icon: Tag,
    permission: 'products.read',
    children: [
      { label: 'Categories', to: '/categories', icon: FolderTree, permission: 'products.read' },
      { label: 'Reviews', to: '/reviews', icon: MessageSquare, permission: 'reviews.moderate' },
      { label: 'Waiting for stock', to: '/stock-alerts', icon: BellRing, permission: 'stock_alerts.read' },
      { label: 'Locations', to: '/settings/locations', icon: Warehouse, permission: 'products.read' },
      { label: 'Transfers', to: '/transfers', icon: ArrowLeftRight, permission: 'products.read' },
      { label: 'Gift cards', to: '/gift-cards', icon: Gift, permission: 'gift_cards.read' },
    ],
  },
  {
    label: 'Customers',
    to: '/customers',
    icon: Users,
    permission: 'customers.read',
    children: [
      { label: 'Segments', to: '/segments', icon: UsersRound, permission: 'campaigns.manage' },
      { label: 'Customer groups', to: '/customer-groups', icon: Building2, permission: 'customers.read' },
      { label: 'Price lists', to: '/price-lists', icon: ReceiptText, permission: 'customers.read' },
    ],
  },
  {
    label: 'Content',
    to: '/content',
    icon: FileText,
    permission: 'content.read',
    children: [{ label: 'Translations', to: '/translations', icon: Languages, permission: 'content.read' }],
  },
  { label: 'Finances', to: '/finances', icon: Landmark, permission: 'finances.read' },
  { label: 'Analytics', to: '/analytics', icon: ChartColumn, permission: 'analytics.read' },
  {
    label: 'Marketing',
    to: '/marketing',
    icon: Megaphone,
    permission: 'marketing.manage',
    children: [{ label: 'Campaigns', to: '/campaigns', icon: Send, permission: 'campaigns.manage' }],
  },
  { label: 'Discounts', to: '/discounts', icon: BadgePercent, permission: 'discounts.manage' },
];

/**
 * The entries a member may open, with the children they may open; a child whose parent they may not
 * open takes the parent's place, so no screen they hold is left without a link.
 */
export function visibleNav(items: NavItem[], can: (permission: Permission) => boolean): NavItem[] {
  return items.flatMap((item) => {
    const children = (item.children ?? []).filter((child) => can(child.permission));
    return can(item.permission) ? [{ ...item, children }] : children;
  });
}

/** True when the page is the entry's, one of its children's, or a page below either (an order). */
export function inSection(pathname: string, item: NavItem): boolean {
  const within = (to: string) => to !== '/' && (isActivePath(pathname, to) || pathname.startsWith(`${to}/`));
  return within(item.to) || (item.children ?? []).some((child) => within(child.to));
}

export const SALES_CHANNELS_NAV: NavItem[] = [
  { label: 'Online Store', to: '/channels/online-store', icon: Store, permission: 'settings.manage' },
  { label: 'Point of Sale', to: '/channels/pos', icon: MonitorSmartphone, permission: 'pos.use' },
  { label: 'Shop', to: '/channels/shop', icon: ShoppingBag, permission: 'channels.manage' },
];

export const APPS_NAV: NavItem[] = [
  { label: 'Add apps', to: '/apps', icon: CirclePlus, permission: 'apps.manage' },
];

/** Below the main entries: the team, the settings, the mail outbox and templates, the audit log. */
export const SETTINGS_NAV: NavItem[] = [
  { label: 'Team', to: '/team', icon: UserCog, permission: 'team.manage' },
  { label: 'Settings', to: '/settings', icon: Settings, permission: 'settings.manage' },
  { label: 'Mail outbox', to: '/emails', icon: Mail, permission: 'settings.manage' },
  { label: 'Email templates', to: '/emails/templates', icon: MailPen, permission: 'settings.manage' },
  { label: 'Audit log', to: '/audit-log', icon: ScrollText, permission: 'audit.read' },
];

/** An entry is active only when its path equals the current path. */
export function isActivePath(pathname: string, to: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';
  return normalize(pathname) === normalize(to);
}
