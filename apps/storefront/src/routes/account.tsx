import { useSignOut } from '@cartwheel/auth/api/sign-out';
import { getErrorMessage } from '@cartwheel/shared/errors';
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

/** /account: My Account. */
export function AccountRoute() {
  return <RequireSignedIn>{(user) => <Account email={user.email} userId={user.id} />}</RequireSignedIn>;
}

/** Back from the confirmation link (/account?verified=1): say so once, and drop the flag. */
function useVerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified') === '1';
  useEffect(() => {
    if (!verified) return;
    toast.success('Email verified. Orders you placed as a guest with it are now in your account.');
    setParams({}, { replace: true });
  }, [verified, setParams]);
}

function Account({ email, userId }: { email: string; userId: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  useVerifiedNotice();

  const onSignOut = async () => {
    try {
      await signOut.mutateAsync();
      toast.success('Signed out successfully!');
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error, 'An error occurred'));
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle page="My Account" />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">My Account</h1>
          <p className="text-muted-foreground">Welcome back, {email}</p>
        </div>
        <Button variant="outline" onClick={onSignOut} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </div>
      <AccountOverview userId={userId} />
      <AddressBook userId={userId} />
      <MarketingConsent userId={userId} />
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to="/products">Continue Shopping</Link>
        </Button>
        <Button asChild>
          <Link to="/account/orders">View All Orders</Link>
        </Button>
      </div>
    </div>
  );
}
