import type { MemberPrices } from '@cartwheel/shared/contracts/wholesale';
import { useT } from '../../../i18n/i18n.tsx';

interface MemberPriceProps {
  prices: MemberPrices | undefined;
  /** The chosen variant; null for a product without variants or before a choice. */
  variantId: string | null;
}

/**
 * A wholesale customer's price of the chosen variant and the tiers below it ("10+ at $8.00 each").
 * Nothing for a retail shopper, or when the group price is the retail price with no tiers.
 */
export function MemberPrice({ prices, variantId }: MemberPriceProps) {
  const t = useT();
  if (!prices?.group) return null;
  const item =
    prices.items.find((i) => i.variant_id === variantId) ?? (variantId ? undefined : prices.items[0]);
  const [first, ...tiers] = item?.tiers ?? [];
  if (!first) return null;
  return (
    <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="member-price">
      <p>
        <span className="text-muted-foreground">
          {t('wholesale.yourPrice', { group: prices.group.name })}:{' '}
        </span>
        <span className="font-semibold" data-testid="member-unit-price">
          {t.money(first.unit_price, prices.currency)}
        </span>
      </p>
      {tiers.length ? (
        <div className="mt-2">
          <p className="font-medium">{t('wholesale.tiers')}</p>
          <ul className="mt-1 space-y-0.5" data-testid="member-tiers">
            {tiers.map((tier) => (
              <li key={tier.min_quantity}>
                {t('wholesale.tier', {
                  quantity: tier.min_quantity,
                  price: t.money(tier.unit_price, prices.currency),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
