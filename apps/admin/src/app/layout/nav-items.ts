import {
  BadgePercent,
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
  MonitorSmartphone,
  Settings,
  ShoppingBag,
  Store,
  Tag,
  UserCog,
  Users,
} from 'lucide-react';

export interface NavItem {
  label: string;
  /** Relative to the router's basename: "/orders" is /admin/orders. */
  to: string;
  icon: LucideIcon;
}

/** The sidebar's main entries, in order. */
export const MAIN_NAV: NavItem[] = [
  { label: 'Home', to: '/', icon: House },
  { label: 'Orders', to: '/orders', icon: Inbox },
  { label: 'Products', to: '/products', icon: Tag },
  { label: 'Categories', to: '/categories', icon: FolderTree },
  { label: 'Customers', to: '/customers', icon: Users },
  { label: 'Content', to: '/content', icon: FileText },
  { label: 'Translations', to: '/translations', icon: Languages },
  { label: 'Finances', to: '/finances', icon: Landmark },
  { label: 'Analytics', to: '/analytics', icon: ChartColumn },
  { label: 'Marketing', to: '/marketing', icon: Megaphone },
  { label: 'Discounts', to: '/discounts', icon: BadgePercent },
  { label: 'Gift cards', to: '/gift-cards', icon: Gift },
];

export const SALES_CHANNELS_NAV: NavItem[] = [
  { label: 'Online Store', to: '/channels/online-store', icon: Store },
  { label: 'Point of Sale', to: '/channels/pos', icon: MonitorSmartphone },
  { label: 'Shop', to: '/channels/shop', icon: ShoppingBag },
];

export const APPS_NAV: NavItem[] = [{ label: 'Add apps', to: '/apps', icon: CirclePlus }];

/** Below the main entries: the team, the settings, the mail outbox and templates, shown to admins only. */
export const SETTINGS_NAV: NavItem[] = [
  { label: 'Team', to: '/team', icon: UserCog },
  { label: 'Settings', to: '/settings', icon: Settings },
  { label: 'Mail outbox', to: '/emails', icon: Mail },
  { label: 'Email templates', to: '/emails/templates', icon: MailPen },
];

/** An entry is active only when its path equals the current path. */
export function isActivePath(pathname: string, to: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';
  return normalize(pathname) === normalize(to);
}
