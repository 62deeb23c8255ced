import { useMe } from '@cartwheel/shared/use-me';
import { useParams } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { BackToOrders, OrderDetail } from '../features/account/components/order-detail.tsx';
import { RequireSignedIn } from '../features/account/components/require-signed-in.tsx';

/** /account/orders/:orderId: one order with every section (spec section 2). */
export function AccountOrderRoute() {
  return (
    <RequireSignedIn fallback={<PageLoader />}>
      <AccountOrder />
    </RequireSignedIn>
  );
}

function AccountOrder() {
  const { user } = useMe();
  const { orderId = '' } = useParams();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <BackToOrders />
      {user ? <OrderDetail userId={user.id} orderId={orderId} /> : null}
    </div>
  );
}
