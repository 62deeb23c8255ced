import { ApiError } from '@cartwheel/shared/api-client';
import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Package } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useOrderByLink } from '../features/account/api/get-order-by-link.ts';
import { DetailSkeleton, OrderDetailView } from '../features/account/components/order-detail.tsx';
import { OrderReturns } from '../features/returns/components/order-returns.tsx';
import { useT } from '../i18n/i18n.tsx';

function LinkNotValid({ message }: { message: string }) {
  const t = useT();
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Package aria-hidden="true" className="size-12 text-muted-foreground" />
        <h1 className="font-semibold text-xl">{t('orderLink.invalidTitle')}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button asChild>
          <Link to="/auth">{t('orderLink.signIn')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function AccountNotice() {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
      <p className="text-muted-foreground text-sm">{t('orderLink.accountNotice')}</p>
      <Button asChild size="sm" variant="outline">
        <Link to="/auth?mode=signup">{t('auth.createAccount')}</Link>
      </Button>
    </div>
  );
}

/** /orders/view/:token: the order a confirmation email's signed link opens, without an account. */
export function OrderLinkRoute() {
  const { token = '' } = useParams();
  const { isSignedIn } = useMe();
  const { data: order, isPending, isError, error } = useOrderByLink(token);
  const t = useT();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <meta name="robots" content="noindex" />
      {isPending ? (
        <DetailSkeleton />
      ) : isError ? (
        <LinkNotValid
          message={error instanceof ApiError && error.status === 404 ? t('orderLink.invalid') : error.message}
        />
      ) : (
        <OrderDetailView
          order={order}
          notice={isSignedIn ? null : <AccountNotice />}
          returns={<OrderReturns source={{ kind: 'link', token }} />}
        />
      )}
    </div>
  );
}
