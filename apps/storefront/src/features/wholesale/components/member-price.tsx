import { useMe } from '@cartwheel/shared/use-me';
import { useT } from '../../../i18n/i18n.tsx';
import { useMemberPrices } from '../api/get-member-prices.ts';

interface MemberPriceProps {
  productId: string;
  /** The chosen variant; null for a product without variants or before a choice. */
  variantId: string | null;
}

/**
 * A wholesale customer's price of the chosen variant and the tiers below it ("10+ at $8.00 each").
 * Nothing for a retail shopper, or when the group price is the retail price with no tiers. It asks
 * who is signed in itself, after hydration (decision 0093): only this part renders again when the
 * answer comes, not the product page around it.
 */
export function MemberPrice({ productId, variantId }: MemberPriceProps) {
  const t = useT();
  const { user } = useMe();
  const { data: prices } = useMemberPrices(productId, user?.id ?? null);
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
