import type { OrderEvent } from '@cartwheel/shared/contracts/orders';
import { formatDateTime } from '@cartwheel/shared/dates';
import { Ban, CircleDot, CreditCard, PackageCheck, RefreshCw, ShoppingCart } from 'lucide-react';

const ICONS: Record<string, typeof CircleDot> = {
  placed: ShoppingCart,
  paid: CreditCard,
  payment_received: CreditCard,
  status_changed: RefreshCw,
  fulfilled: PackageCheck,
  cancelled: Ban,
};

/** The order's history, newest first: what happened, when and who did it. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="flex flex-col gap-4" data-testid="order-timeline">
      {events.map((event) => {
        const Icon = ICONS[event.type] ?? CircleDot;
        return (
          <li key={event.id} className="flex gap-3">
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
              <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
            </span>
            <div className="min-w-0 text-sm">
              <p>{event.message}</p>
              <p className="text-muted-foreground text-xs">
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                {event.actor ? ` · ${event.actor.name}` : ''}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
