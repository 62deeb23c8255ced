import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Badge } from '@cartwheel/ui/badge';
import { ExternalLink } from 'lucide-react';

const units = (items: Array<{ product_name: string; quantity: number }>) =>
  items.map((i) => `${i.product_name} × ${i.quantity}`).join(', ');

/** The order's shipments: carrier, tracking number (a link to the carrier's page), what was in each. */
export function OrderShipments({ fulfilments }: { fulfilments: OrderDetail['fulfilments'] }) {
  if (!fulfilments.length) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Shipments">
      {fulfilments.map((f) => (
        <li key={f.id} className="flex flex-col gap-0.5 border-t pt-3" data-testid="shipment">
          <span className="font-medium">
            {f.carrier_name ?? 'No tracking'}
            {f.delivered_at ? (
              <Badge variant="secondary" className="ml-2">
                Delivered
              </Badge>
            ) : null}
          </span>
          {f.tracking_number ? (
            f.tracking_url ? (
              <a
                href={f.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 break-all underline-offset-4 hover:underline"
              >
                {f.tracking_number}
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            ) : (
              <span className="break-all">{f.tracking_number}</span>
            )
          ) : null}
          <span className="text-muted-foreground text-xs">
            {formatDate(f.created_at)}: {units(f.items)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The order's refunds: amount, status, reason and lines. */
export function OrderRefunds({ refunds }: { refunds: OrderDetail['refunds'] }) {
  if (!refunds.length) return null;
  return (
    <ul className="flex flex-col gap-2 border-t pt-3 text-sm" aria-label="Refunds">
      {refunds.map((r) => (
        <li key={r.id} className="flex flex-col gap-0.5">
          <span className="flex items-center justify-between gap-2">
            <span>
              Refund {formatDate(r.created_at)}
              {r.status === 'succeeded' ? null : (
                <Badge variant={r.status === 'failed' ? 'destructive' : 'outline'} className="ml-2">
                  {r.status === 'failed' ? 'Failed' : 'Pending'}
                </Badge>
              )}
            </span>
            <span className="tabular-nums">−{formatMoney(r.amount, r.currency)}</span>
          </span>
          <span className="text-muted-foreground text-xs">
            {r.reason}
            {r.items.length ? `: ${units(r.items)}` : ''}
            {r.shipping_amount
              ? `${r.items.length ? ',' : ':'} shipping ${formatMoney(r.shipping_amount, r.currency)}`
              : ''}
            {r.restock ? ' (restocked)' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
