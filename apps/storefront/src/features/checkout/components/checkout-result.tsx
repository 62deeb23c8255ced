import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useT } from '../../../i18n/i18n.tsx';

/** Each way back from the payment page: its title, icon, heading, and where to go next (message ids). */
const OUTCOMES = {
  paid: {
    title: 'checkout.paid.title',
    icon: <CircleCheck aria-hidden="true" className="size-16 text-green-600 dark:text-green-500" />,
    heading: 'checkout.paid.heading',
    main: { to: '/orders', label: 'checkout.viewOrders' },
    other: { to: '/', label: 'checkout.continueShopping' },
  },
  /** Back from paying, the provider has not confirmed the payment yet. */
  confirming: {
    title: 'checkout.confirming.title',
    icon: <Clock aria-hidden="true" className="size-16 text-muted-foreground" />,
    heading: 'checkout.confirming.title',
    main: null,
    other: { to: '/', label: 'checkout.continueShopping' },
  },
  /** The order could not be confirmed (a failed payment, a link that is not valid): no success copy at all. */
  failed: {
    title: 'checkout.failed.title',
    icon: <CircleX aria-hidden="true" className="size-16 text-destructive" />,
    heading: 'checkout.failed.heading',
    main: { to: '/checkout', label: 'checkout.tryAgain' },
    other: { to: '/', label: 'checkout.continueShopping' },
  },
  cancelled: {
    title: 'checkout.cancelled.title',
    icon: <CircleX aria-hidden="true" className="size-16 text-muted-foreground" />,
    heading: 'checkout.cancelled.title',
    // One way on: the cart is kept, so back to the checkout with it (for a guest as well).
    main: null,
    other: { to: '/checkout', label: 'checkout.tryAgain' },
  },
} as const;

/**
 * The page the payment page sends the shopper back to: what happened, where to go next, and the
 * receipt below when there is one. "View My Orders" only for a signed-in shopper (`signedIn`).
 */
export function CheckoutResult({
  outcome,
  signedIn = true,
  receipt,
  children,
}: {
  outcome: keyof typeof OUTCOMES;
  signedIn?: boolean;
  receipt?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { title, icon, heading, main, other } = OUTCOMES[outcome];
  return (
    <div className={`mx-auto flex flex-col gap-6 px-4 py-16 ${receipt ? 'max-w-4xl' : 'max-w-xl'}`}>
      <PageTitle page={t(title)} />
      <meta name="robots" content="noindex" />
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          {icon}
          <h1 className="font-bold text-3xl tracking-tight">{t(heading)}</h1>
          {children}
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            {main && signedIn ? (
              <Button asChild>
                <Link to={main.to}>{t(main.label)}</Link>
              </Button>
            ) : null}
            <Button asChild variant={main && signedIn ? 'outline' : 'default'}>
              <Link to={other.to}>{t(other.label)}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
      {receipt}
    </div>
  );
}
