import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { formatLongDate } from '@cartwheel/shared/dates';
import { ExternalLink } from 'lucide-react';

/** The order's shipments: carrier, tracking number and a link to follow the parcel at the carrier. */
export function OrderShipments({ fulfilments }: { fulfilments: CustomerOrderDetail['fulfilments'] }) {
  const tracked = fulfilments.filter((f) => f.tracking_number);
  if (!tracked.length) return null;
  return (
    <div className="text-sm">
      <h3 className="mb-1 font-medium">Tracking</h3>
      <ul className="space-y-2" data-testid="shipments">
        {tracked.map((f) => (
          <li key={f.id}>
            <span className="block">
              {f.carrier_name}: {f.tracking_number}
            </span>
            {f.tracking_url ? (
              <a
                href={f.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                Track package
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            ) : null}
            <span className="block text-muted-foreground text-xs">
              Shipped {formatLongDate(f.created_at)}
              {f.delivered_at ? `, delivered ${formatLongDate(f.delivered_at)}` : ''}:{' '}
              {f.items.map((i) => `${i.product_name} × ${i.quantity}`).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
