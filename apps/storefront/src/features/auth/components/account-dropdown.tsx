import { authErrorMessage } from '@cartwheel/auth/api/auth-error';
import { useSignOut } from '@cartwheel/auth/api/sign-out';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { LogOut, Package, User } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';

const PAGES = [
  { to: '/account', label: 'My Account', Icon: User },
  { to: '/account/orders', label: 'Order History', Icon: Package },
];

/** The signed-in shopper's menu: My Account, Order History, Sign Out. */
export function AccountDropdown({ email }: { email: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onSignOut = async () => {
    try {
      await signOut.mutateAsync();
      toast.success('Signed out successfully!');
      // The account pages are for signed-in shoppers only: leave them for the home page.
      if (pathname.startsWith('/account')) navigate('/', { replace: true });
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" data-testid="account-menu" aria-label="Account menu">
          <User aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="text-muted-foreground text-xs">Signed in as</span>
          <span className="truncate font-medium">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {PAGES.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Signing out...' : 'Sign Out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
