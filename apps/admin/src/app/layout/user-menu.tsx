import { useMe } from '@cartwheel/shared/use-me';
import { Avatar, AvatarFallback, AvatarImage } from '@cartwheel/ui/avatar';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { RoleBadge } from '@cartwheel/ui/role-badge';
import { LogOut, ShieldCheck, Store } from 'lucide-react';
import { useState } from 'react';
import { useSignOutAndLeave } from '../../features/auth/components/sign-out-button.tsx';
import { TwoFactorDialog } from '../../features/auth/components/two-factor-dialog.tsx';

function initialsOf(firstName: string, lastName: string, email: string): string {
  const fromName = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (fromName || email.charAt(0)).toUpperCase();
}

/** The top bar's user menu: who is signed in, two-factor, sign out. */
export function UserMenu() {
  const { user, profile } = useMe();
  const { signOut, isPending } = useSignOutAndLeave();
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  if (!user) return null;

  const firstName = profile?.first_name ?? '';
  const lastName = profile?.last_name ?? '';
  const fullName = `${firstName} ${lastName}`.trim() || user.email;
  const role = profile?.role;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full" data-testid="user-menu">
            <Avatar>
              {profile?.avatar_url ? <AvatarImage src={profile.avatar_url} alt="" /> : null}
              <AvatarFallback className="font-medium text-xs">
                {initialsOf(firstName, lastName, user.email)}
              </AvatarFallback>
            </Avatar>
            <span className="sr-only">User menu</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
            <span className="truncate font-medium text-sm" data-testid="user-menu-name">
              {fullName}
            </span>
            <span className="truncate text-muted-foreground text-xs" data-testid="user-menu-email">
              {user.email}
            </span>
            {role ? <RoleBadge role={role} className="mt-1" data-testid="user-menu-role" /> : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setTwoFactorOpen(true)}>
            <ShieldCheck aria-hidden="true" />
            Two-factor authentication
            <span className="ml-auto text-muted-foreground text-xs">
              {user.two_factor_enabled ? 'On' : 'Off'}
            </span>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            {/* The storefront lives outside the /admin basename, so a plain link. */}
            <a href="/">
              <Store aria-hidden="true" />
              View store
            </a>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={isPending}
            onSelect={(event) => {
              // Stay open so "Signing out..." shows while the request runs.
              event.preventDefault();
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" />
            {isPending ? 'Signing out...' : 'Sign out'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <TwoFactorDialog
        open={twoFactorOpen}
        onOpenChange={setTwoFactorOpen}
        enabled={user.two_factor_enabled}
      />
    </>
  );
}
