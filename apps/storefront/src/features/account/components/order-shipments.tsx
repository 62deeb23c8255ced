import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { ExternalLink } from 'lucide-react';
import { useT } from '../../../i18n/i18n.tsx';

/** The order's shipments: carrier, tracking number and a link to follow the parcel at the carrier. */
export function OrderShipments({ fulfilments }: { fulfilments: CustomerOrderDetail['fulfilments'] }) {
  const t = useT();
  const tracked = fulfilments.filter((f) => f.tracking_number);
  if (!tracked.length) return null;
  return (
    <div className="text-sm">
      <h3 className="mb-1 font-medium">{t('orders.tracking')}</h3>
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
                {t('orders.trackPackage')}
                <ExternalLink aria-hidden="true" className="size-3" />
              </a>
            ) : null}
            <span className="block text-muted-foreground text-xs">
              {f.delivered_at
                ? t('orders.shippedDelivered', {
                    shipped: t.date(f.created_at, 'long'),
                    delivered: t.date(f.delivered_at, 'long'),
                  })
                : t('orders.shipped', { shipped: t.date(f.created_at, 'long') })}{' '}
              {f.items.map((i) => `${i.product_name} × ${i.quantity}`).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
