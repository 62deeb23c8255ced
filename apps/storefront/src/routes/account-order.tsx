import { useParams } from 'react-router';
import { BackLink } from '../components/back-link.tsx';
import { OrderDetail } from '../features/account/components/order-detail.tsx';
import { RequireSignedIn } from '../features/account/components/require-signed-in.tsx';
import { OrderReturns } from '../features/returns/components/order-returns.tsx';
import { useT } from '../i18n/i18n.tsx';

/** /account/orders/:orderId: one order with every section. */
export function AccountOrderRoute() {
  const { orderId = '' } = useParams();
  const t = useT();
  return (
    <RequireSignedIn>
      {(user) => (
        <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
          <BackLink to="/account/orders">{t('orders.backToOrders')}</BackLink>
          <OrderDetail
            userId={user.id}
            orderId={orderId}
            returns={<OrderReturns source={{ kind: 'account', orderId }} />}
          />
        </div>
      )}
    </RequireSignedIn>
  );
}
