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
import { Heart, LogOut, Package, User } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';

const PAGES = [
  { to: '/account', label: 'account.title', Icon: User },
  { to: '/account/orders', label: 'orders.history', Icon: Package },
  { to: '/wishlist', label: 'wishlist.title', Icon: Heart },
] as const;

/** The signed-in shopper's menu: My Account, Order History, Wishlist, Sign Out. */
export function AccountDropdown({ email }: { email: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const t = useT();

  const onSignOut = async () => {
    try {
      await signOut.mutateAsync();
      toast.success(t('account.signedOut'));
      // The account pages are for signed-in shoppers only: leave them for the home page.
      if (pathname.startsWith('/account')) navigate('/', { replace: true });
    } catch (error) {
      toast.error(apiErrorMessage(t, error, t('common.error')));
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" data-testid="account-menu" aria-label={t('account.menu')}>
          <User aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="text-muted-foreground text-xs">{t('account.signedInAs')}</span>
          <span className="truncate font-medium">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {PAGES.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {t(label)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? t('account.signingOut') : t('account.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
