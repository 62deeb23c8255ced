import { Separator } from '@cartwheel/ui/separator';
import { SidebarTrigger } from '@cartwheel/ui/sidebar';
import { useToasterClearance } from '@cartwheel/ui/toaster';
import { useRef } from 'react';
import { AdminSearch } from '../../features/search/components/admin-search.tsx';
import { UserMenu } from './user-menu.tsx';

/** The back office's top bar: sidebar toggle, title, search (products, orders, customers) and the user menu. */
export function TopBar() {
  const header = useRef<HTMLElement>(null);
  useToasterClearance(header);
  return (
    <header
      ref={header}
      className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4"
    >
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      <p className="hidden font-semibold text-sm sm:block">Cartwheel Admin</p>
      <AdminSearch />
      <UserMenu />
    </header>
  );
}
