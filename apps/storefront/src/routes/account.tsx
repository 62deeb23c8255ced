import { useSignOut } from '@cartwheel/auth/api/sign-out';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '../components/page-title.tsx';
import { AccountOverview } from '../features/account/components/account-overview.tsx';
import { AddressBook } from '../features/account/components/address-book.tsx';
import { RequireSignedIn } from '../features/account/components/require-signed-in.tsx';
import { MarketingConsent } from '../features/marketing/components/marketing-consent.tsx';
import { useT } from '../i18n/i18n.tsx';

/** /account: My Account. */
export function AccountRoute() {
  return <RequireSignedIn>{(user) => <Account email={user.email} userId={user.id} />}</RequireSignedIn>;
}

/** Back from the confirmation link (/account?verified=1): say so once, and drop the flag. */
function useVerifiedNotice() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified') === '1';
  useEffect(() => {
    if (!verified) return;
    toast.success(t('account.verified'));
    setParams({}, { replace: true });
  }, [verified, setParams, t]);
}

function Account({ email, userId }: { email: string; userId: string }) {
  const t = useT();
  const signOut = useSignOut();
  const navigate = useNavigate();
  useVerifiedNotice();
  // Greeted by first name when the shopper gave one at sign-up, by email otherwise.
  const firstName = useMe().profile?.first_name.trim();

  const onSignOut = async () => {
    try {
      await signOut.mutateAsync();
      toast.success(t('account.signedOut'));
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error, t('common.error')));
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle page={t('account.title')} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">{t('account.title')}</h1>
          <p className="text-muted-foreground">
            {firstName
              ? t('account.welcomeBackName', { name: firstName })
              : t('account.welcomeBack', { email })}
          </p>
        </div>
        <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {t('account.signOut')}
        </Button>
      </div>
      <AccountOverview userId={userId} />
      <AddressBook userId={userId} />
      <MarketingConsent userId={userId} />
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to="/products">{t('checkout.continueShopping')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/wishlist">{t('wishlist.title')}</Link>
        </Button>
        <Button asChild>
          <Link to="/account/orders">{t('account.viewAllOrders')}</Link>
        </Button>
      </div>
    </div>
  );
}
