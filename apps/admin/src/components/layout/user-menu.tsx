import { Avatar, AvatarFallback } from '@cartwheel/ui/avatar';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { Store, User } from 'lucide-react';

/**
 * The top bar's user menu. Until staff sign-in exists it holds no identity; the avatar, name, role
 * badge and Sign out item (spec section 2) arrive with admin auth.
 */
export function UserMenu() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" data-testid="user-menu">
          <Avatar>
            <AvatarFallback>
              <User aria-hidden="true" className="size-4" />
            </AvatarFallback>
          </Avatar>
          <span className="sr-only">User menu</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>My account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* The storefront lives outside the /admin basename, so a plain link. */}
          <a href="/">
            <Store aria-hidden="true" />
            View store
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
