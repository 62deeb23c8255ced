import { isOnSale, type PriceSource } from '@cartwheel/shared/money';
import { cn } from '@cartwheel/ui/lib/utils';
import { useT } from '../../../i18n/i18n.tsx';
import { useCurrency } from '../../../lib/site.ts';

interface ProductPriceProps extends PriceSource {
  size?: 'default' | 'lg';
  className?: string;
}

/** The price, or the sale price with the original struck through when a lower sale price is set. */
export function ProductPrice({ price, sale_price, size = 'default', className }: ProductPriceProps) {
  const t = useT();
  const currency = useCurrency();
  const amountClass = size === 'lg' ? 'text-2xl font-bold' : 'font-semibold';
  if (isOnSale({ price, sale_price })) {
    return (
      <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
        <span className="sr-only">{t('price.sale')}</span>
        <span className={cn(amountClass, 'text-destructive')}>{t.money(sale_price, currency)}</span>
        <span className="sr-only">{t('price.original')}</span>
        <s className={cn('text-muted-foreground', size === 'lg' ? 'text-lg' : 'text-sm')}>
          {t.money(price, currency)}
        </s>
      </p>
    );
  }
  return (
    <p className={className}>
      <span className={amountClass}>{t.money(price, currency)}</span>
    </p>
  );
}
