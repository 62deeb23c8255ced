import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { CircleCheck, CircleX } from 'lucide-react';
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
  /** The order could not be confirmed (an unknown or unpaid session): no success copy at all. */
  failed: {
    title: 'checkout.failed.title',
    icon: <CircleX aria-hidden="true" className="size-16 text-destructive" />,
    heading: 'checkout.failed.heading',
    main: { to: '/orders', label: 'checkout.viewOrders' },
    other: { to: '/', label: 'checkout.continueShopping' },
  },
  cancelled: {
    title: 'checkout.cancelled.title',
    icon: <CircleX aria-hidden="true" className="size-16 text-muted-foreground" />,
    heading: 'checkout.cancelled.title',
    main: { to: '/products', label: 'checkout.continueShopping' },
    other: { to: '/', label: 'error.backToStore' },
  },
} as const;

/** The page the payment page sends the shopper back to: what happened, and where to go next. */
export function CheckoutResult({
  outcome,
  children,
}: {
  outcome: keyof typeof OUTCOMES;
  children: ReactNode;
}) {
  const t = useT();
  const { title, icon, heading, main, other } = OUTCOMES[outcome];
  return (
    <div className="mx-auto flex max-w-xl flex-col px-4 py-16">
      <PageTitle page={t(title)} />
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          {icon}
          <h1 className="font-bold text-3xl tracking-tight">{t(heading)}</h1>
          {children}
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={main.to}>{t(main.label)}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={other.to}>{t(other.label)}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
