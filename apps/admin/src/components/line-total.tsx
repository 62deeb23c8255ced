import { formatMoney } from '@cartwheel/shared/money';

/**
 * A line's amounts as the checkout and the confirmation email show them: the line at its price
 * (these sum to the subtotal), then what its discount takes off and what it comes to after it.
 */
export function LineTotal({
  subtotal,
  discount,
  total,
  currency,
}: {
  /** Price × quantity. */
  subtotal: number;
  discount: number;
  /** Subtotal − discount. */
  total: number;
  currency: string;
}) {
  return (
    <span className="inline-flex flex-col items-end" data-testid="line-total">
      <span>{formatMoney(subtotal, currency)}</span>
      {discount > 0 ? (
        <>
          <span className="text-green-700 text-xs dark:text-green-500" data-testid="line-discount">
            −{formatMoney(discount, currency)} discount
          </span>
          <span className="text-muted-foreground text-xs" data-testid="line-after-discount">
            {formatMoney(total, currency)} after discount
          </span>
        </>
      ) : null}
    </span>
  );
}
