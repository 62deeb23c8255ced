import type { QuoteShippingMethod } from '@cartwheel/shared/contracts/pricing';
import { cn } from '@cartwheel/ui/lib/utils';
import { useT } from '../../../i18n/i18n.tsx';

/** The destination's shipping methods as radio buttons: name, delivery estimate, price for this cart. */
export function ShippingMethods({
  methods,
  currency,
  value,
  onChange,
  error,
  disabled,
  name,
}: {
  methods: QuoteShippingMethod[];
  /** The quote's currency. */
  currency: string;
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
  disabled: boolean;
  name: string;
}) {
  const t = useT();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="col-span-2 grid gap-2"
      aria-describedby={error ? errorId : undefined}
      data-testid="shipping-methods"
    >
      <legend className="mb-2 font-medium text-sm">{t('checkout.shippingMethod')}</legend>
      {methods.map((method) => (
        <label
          key={method.id}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <input
            type="radio"
            name={name}
            value={method.id}
            checked={value === method.id}
            onChange={() => onChange(method.id)}
            disabled={disabled}
            className="size-4 accent-primary"
          />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-medium">{method.name}</span>
            {method.delivery_estimate ? (
              <span className="text-muted-foreground text-xs">{method.delivery_estimate}</span>
            ) : null}
          </span>
          <span className="shrink-0 tabular-nums">
            {method.amount === 0 ? t('checkout.free') : t.money(method.amount, currency)}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
