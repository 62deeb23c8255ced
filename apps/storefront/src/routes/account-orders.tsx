import { useMe } from '@cartwheel/shared/use-me';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { OrderHistory } from '../features/account/components/order-history.tsx';
import { RequireSignedIn } from '../features/account/components/require-signed-in.tsx';

/** /account/orders: Order History (spec section 2). */
export function AccountOrdersRoute() {
  return (
    <RequireSignedIn fallback={<PageLoader />}>
      <AccountOrders />
    </RequireSignedIn>
  );
}

function AccountOrders() {
  const { user } = useMe();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <title>Order History | Cartwheel Store</title>
      <Link
        to="/account"
        className="inline-flex items-center gap-1.5 self-start rounded-md text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Account
      </Link>
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Order History</h1>
        <p className="text-muted-foreground">Track and manage your purchases</p>
      </div>
      {user ? <OrderHistory userId={user.id} /> : null}
    </div>
  );
}
