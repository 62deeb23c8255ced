import type { Permission } from '@cartwheel/shared/permissions';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { BookOpen, Download, Inbox, type LucideIcon, MoreHorizontal, Plus, Store, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';

interface Action {
  label: string;
  icon: LucideIcon;
  href: string;
  /** What the member needs to open it; the action is hidden from a role without it. */
  permission?: Permission;
}

/** Pages of the back office, as buttons. */
const PAGES: Action[] = [
  { label: 'Add product', icon: Plus, href: '/products/new', permission: 'products.write' },
  { label: 'View orders', icon: Inbox, href: '/orders', permission: 'orders.read' },
  { label: 'Manage customers', icon: Users, href: '/customers', permission: 'customers.read' },
];

/** Under More actions: a download and two pages outside the back office (in a new tab). */
const MORE: (Action & { download?: boolean })[] = [
  {
    label: 'Export orders (CSV)',
    icon: Download,
    href: '/api/admin/orders/export',
    download: true,
    permission: 'orders.export',
  },
  { label: 'View online store', icon: Store, href: '/' },
  { label: 'API documentation', icon: BookOpen, href: '/api/docs' },
];

/** Quick actions: Add product, View orders, Manage customers and More actions, as the member's role allows. */
export function QuickActions() {
  const can = useCan();
  const allowed = (action: Action) => !action.permission || can(action.permission);
  return (
    <Card data-testid="quick-actions">
      <CardHeader>
        <CardTitle>Quick actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {PAGES.filter(allowed).map(({ label, icon: Icon, href }) => (
          <Button key={href} variant="outline" asChild>
            <Link to={href}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ))}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <MoreHorizontal aria-hidden="true" />
              More actions
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-52">
            {MORE.filter(allowed).map(({ label, icon: Icon, href, download }) => (
              <DropdownMenuItem key={href} asChild>
                <a href={href} {...(download ? { download: true } : { target: '_blank', rel: 'noreferrer' })}>
                  <Icon aria-hidden="true" />
                  {label}
                </a>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </CardContent>
    </Card>
  );
}
