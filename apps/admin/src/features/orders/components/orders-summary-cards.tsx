import type { OrderSummary } from '@cartwheel/shared/contracts/orders';
import { Card, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Skeleton } from '@cartwheel/ui/skeleton';

const CARDS: Array<{ key: keyof OrderSummary; label: string; hint: string }> = [
  { key: 'total', label: 'Total orders', hint: 'All time' },
  { key: 'unfulfilled', label: 'Unfulfilled', hint: 'Waiting to ship' },
  { key: 'unpaid', label: 'Unpaid', hint: 'Awaiting payment' },
  { key: 'delivered', label: 'Delivered', hint: 'Reached the customer' },
  { key: 'cancelled', label: 'Cancelled', hint: 'Stock returned' },
];

/** The five order counts above the list, shop-wide (not narrowed by its search or filters). */
export function OrdersSummaryCards({ summary }: { summary: OrderSummary | undefined }) {
  return (
    <section aria-label="Order summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map((card) => (
        <Card key={card.key} className="gap-1 py-4" data-testid={`orders-summary-${card.key}`}>
          <CardHeader className="gap-1 px-4">
            <CardDescription>{card.label}</CardDescription>
            <CardTitle className="font-semibold text-2xl tabular-nums">
              {summary ? summary[card.key].toLocaleString('en-US') : <Skeleton className="h-7 w-12" />}
            </CardTitle>
            <p className="hidden text-muted-foreground text-xs sm:block">{card.hint}</p>
          </CardHeader>
        </Card>
      ))}
    </section>
  );
}
