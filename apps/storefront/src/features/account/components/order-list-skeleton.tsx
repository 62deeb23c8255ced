import { Skeleton } from '@cartwheel/ui/skeleton';
import { LoadingRegion } from '../../../components/loading.tsx';
import { useT } from '../../../i18n/i18n.tsx';

/** Placeholder rows while the shopper's orders load (the account's recent orders, the order history). */
export function OrderListSkeleton({
  rows,
  className,
  rowClassName,
}: {
  rows: number;
  className: string;
  rowClassName: string;
}) {
  const t = useT();
  return (
    <LoadingRegion as="ul" label={t('orders.loading')} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <li key={i} data-testid="order-skeleton">
          <Skeleton className={rowClassName} />
        </li>
      ))}
    </LoadingRegion>
  );
}
