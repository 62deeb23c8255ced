import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { User } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { authPath } from '../../../lib/return-to.ts';

// The dropdown (Radix menu, sign-out) loads only for signed-in shoppers: visitors' first load stays small.
const AccountDropdown = lazy(() =>
  import('./account-dropdown.tsx').then((m) => ({ default: m.AccountDropdown })),
);

/** The header's account entry: the account menu when signed in, else a Sign In link. */
export function AccountMenu() {
  // One width whoever is signed in, so the header does not move when the server's page is hydrated.
  return (
    <div className="flex w-20 justify-end">
      <AccountEntry />
    </div>
  );
}

function AccountEntry() {
  const t = useT();
  const { user, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <Skeleton aria-hidden="true" className="h-8 w-20" />;
  if (!user) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={authPath(`${location.pathname}${location.search}`)}>{t('account.signIn')}</Link>
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <Button variant="ghost" size="icon" disabled aria-label={t('account.menu')}>
          <User aria-hidden="true" className="size-5" />
        </Button>
      }
    >
      <AccountDropdown email={user.email} />
    </Suspense>
  );
}
