import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';

/** Each way back from the payment page: its title, icon, heading, and where to go next. */
const OUTCOMES = {
  paid: {
    title: 'Payment Successful',
    icon: <CircleCheck aria-hidden="true" className="size-16 text-green-600 dark:text-green-500" />,
    heading: 'Payment Successful!',
    main: { to: '/orders', label: 'View My Orders' },
    other: { to: '/', label: 'Continue Shopping' },
  },
  /** The order could not be confirmed (an unknown or unpaid session): no success copy at all. */
  failed: {
    title: 'Order not confirmed',
    icon: <CircleX aria-hidden="true" className="size-16 text-destructive" />,
    heading: "We couldn't confirm your order",
    main: { to: '/orders', label: 'View My Orders' },
    other: { to: '/', label: 'Continue Shopping' },
  },
  cancelled: {
    title: 'Payment Cancelled',
    icon: <CircleX aria-hidden="true" className="size-16 text-muted-foreground" />,
    heading: 'Payment Cancelled',
    main: { to: '/products', label: 'Continue Shopping' },
    other: { to: '/', label: 'Back to Store' },
  },
};

/** The page the payment page sends the shopper back to: what happened, and where to go next. */
export function CheckoutResult({
  outcome,
  children,
}: {
  outcome: keyof typeof OUTCOMES;
  children: ReactNode;
}) {
  const { title, icon, heading, main, other } = OUTCOMES[outcome];
  return (
    <div className="mx-auto flex max-w-xl flex-col px-4 py-16">
      <PageTitle page={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          {icon}
          <h1 className="font-bold text-3xl tracking-tight">{heading}</h1>
          {children}
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={main.to}>{main.label}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={other.to}>{other.label}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
