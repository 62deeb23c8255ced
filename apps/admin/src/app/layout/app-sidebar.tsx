import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@cartwheel/ui/sidebar';
import { AppWindow } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../components/layout/logo.tsx';
import { useAppExtensions } from '../../features/apps/api/app-extensions.ts';
import { useCan } from '../../lib/use-can.ts';
import {
  APPS_NAV,
  isActivePath,
  MAIN_NAV,
  type NavItem,
  SALES_CHANNELS_NAV,
  SETTINGS_NAV,
} from './nav-items.ts';

function NavMenu({ items }: { items: Omit<NavItem, 'permission'>[] }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <SidebarMenu>
      {items.map((item) => {
        const active = isActivePath(pathname, item.to);
        return (
          <SidebarMenuItem key={item.to}>
            <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                // On phones the sidebar is a sheet over the page: close it once a page is picked.
                onClick={() => isMobile && setOpenMobile(false)}
              >
                <item.icon aria-hidden="true" />
                <span>{item.label}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}

/**
 * The back office's navigation, the entries the member's permissions open. Expanded: logo and
 * wordmark, main entries, Sales channels and Apps. Collapsed to icons: a one-letter mark and the
 * main entries only.
 */
export function AppSidebar() {
  const { isMobile, setOpenMobile } = useSidebar();
  const can = useCan();
  const visible = (items: NavItem[]) => items.filter((item) => can(item.permission));
  const channels = visible(SALES_CHANNELS_NAV);
  const appLinks = useAppExtensions().data?.sidebar ?? [];
  // The shop's apps' own pages (docs/apps.md), then Add apps for those who may.
  const apps = [
    ...appLinks.map((link) => ({ label: link.label, to: `/apps/${link.app_id}`, icon: AppWindow })),
    ...visible(APPS_NAV),
  ];
  const settings = visible(SETTINGS_NAV);
  return (
    <Sidebar collapsible="icon">
      {/* One navigation landmark around everything, so all of the sidebar sits in a landmark. */}
      <nav aria-label="Admin" className="flex min-h-0 flex-1 flex-col">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild size="lg">
                <Link
                  to="/"
                  aria-label="Cartwheel admin home"
                  data-testid="admin-logo"
                  onClick={() => isMobile && setOpenMobile(false)}
                >
                  <span className="flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg bg-sidebar-primary font-bold text-sidebar-primary-foreground">
                    <LogoMark className="size-5 group-data-[collapsible=icon]:hidden" />
                    <span
                      aria-hidden="true"
                      className="hidden text-base group-data-[collapsible=icon]:inline"
                    >
                      C
                    </span>
                  </span>
                  <span className="font-semibold text-base tracking-tight group-data-[collapsible=icon]:hidden">
                    Cartwheel
                  </span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupContent>
              <NavMenu items={visible(MAIN_NAV)} />
            </SidebarGroupContent>
          </SidebarGroup>
          {channels.length ? (
            <SidebarGroup
              className="group-data-[collapsible=icon]:hidden"
              data-testid="sidebar-sales-channels"
            >
              <SidebarGroupLabel>Sales channels</SidebarGroupLabel>
              <SidebarGroupContent>
                <NavMenu items={channels} />
              </SidebarGroupContent>
            </SidebarGroup>
          ) : null}
          {apps.length ? (
            <SidebarGroup className="group-data-[collapsible=icon]:hidden" data-testid="sidebar-apps">
              <SidebarGroupLabel>Apps</SidebarGroupLabel>
              <SidebarGroupContent>
                <NavMenu items={apps} />
              </SidebarGroupContent>
            </SidebarGroup>
          ) : null}
          {settings.length ? (
            <SidebarGroup className="group-data-[collapsible=icon]:hidden" data-testid="sidebar-settings">
              <SidebarGroupLabel>Settings</SidebarGroupLabel>
              <SidebarGroupContent>
                <NavMenu items={settings} />
              </SidebarGroupContent>
            </SidebarGroup>
          ) : null}
        </SidebarContent>
        <SidebarRail />
      </nav>
    </Sidebar>
  );
}
