import { Input } from '@cartwheel/ui/input';
import { Separator } from '@cartwheel/ui/separator';
import { SidebarTrigger } from '@cartwheel/ui/sidebar';
import { Search } from 'lucide-react';
import { UserMenu } from './user-menu.tsx';

/** The back office's top bar: sidebar toggle, title, search (not wired yet) and the user menu. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      <p className="hidden font-semibold text-sm sm:block">Cartwheel Admin</p>
      <search className="relative mx-auto w-full max-w-md flex-1">
        {/* Not wired to anything yet (spec section 2: "a Search input that appears non-functional"). */}
        <form onSubmit={(event) => event.preventDefault()}>
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input type="search" placeholder="Search" aria-label="Search" className="h-8 pl-8" />
        </form>
      </search>
      <UserMenu />
    </header>
  );
}
