import { BackLink } from '../components/back-link.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { OrderHistory } from '../features/account/components/order-history.tsx';
import { RequireSignedIn } from '../features/account/components/require-signed-in.tsx';
import { useT } from '../i18n/i18n.tsx';

/** /account/orders: Order History. */
export function AccountOrdersRoute() {
  const t = useT();
  return (
    <RequireSignedIn>
      {(user) => (
        <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
          <PageTitle page={t('orders.history')} />
          <BackLink to="/account" className="self-start">
            {t('orders.backToAccount')}
          </BackLink>
          <div>
            <h1 className="font-bold text-3xl tracking-tight">{t('orders.history')}</h1>
            <p className="text-muted-foreground">{t('orders.historyText')}</p>
          </div>
          <OrderHistory userId={user.id} />
        </div>
      )}
    </RequireSignedIn>
  );
}
