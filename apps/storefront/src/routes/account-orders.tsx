import { BackLink } from '../components/back-link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { OrderHistory } from '../features/account/components/order-history.tsx';
import { RequireSignedIn } from '../features/account/components/require-signed-in.tsx';

/** /account/orders: Order History. */
export function AccountOrdersRoute() {
  return (
    <RequireSignedIn>
      {(user) => (
        <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
          <PageTitle page="Order History" />
          <BackLink to="/account" className="self-start">
            Back to Account
          </BackLink>
          <div>
            <h1 className="font-bold text-3xl tracking-tight">Order History</h1>
            <p className="text-muted-foreground">Track and manage your purchases</p>
          </div>
          <OrderHistory userId={user.id} />
        </div>
      )}
    </RequireSignedIn>
  );
}
