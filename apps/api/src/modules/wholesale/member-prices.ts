import type { MemberPrices } from '@cartwheel/shared/contracts/wholesale';
import { unitPrice } from '@cartwheel/shared/money';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { linesInMarket } from '../markets/checkout-prices.ts';
import type { MarketPricing } from '../markets/market-cache.ts';
import { converts, readFixedPrices } from '../markets/market-prices.ts';
import { groupUnitPrice, priceTiers } from '../pricing/price-lists.ts';
import { readBuyerTerms } from './buyer-terms.ts';

interface CartAnswer {
  currency: string;
  items: Array<{
    product_id: string;
    variant_id: string | null;
    is_gift_card?: boolean | undefined;
    unit_price: number;
    quantity: number;
    line_total: number;
  }>;
  subtotal: number;
}

/**
 * A cart (already in its market's prices) at a group member's prices: each line's price list and
 * tier price for its quantity. The checkout charges the same (price-checkout.ts).
 */
export async function cartAtGroupPrices<T extends CartAnswer>(db: Db, groupId: string, cart: T): Promise<T> {
  if (cart.items.length === 0) return cart;
  const terms = await readBuyerTerms(
    db,
    groupId,
    cart.items.map((l) => l.product_id),
  );
  if (!terms) return cart;
  for (const line of cart.items) {
    line.unit_price = groupUnitPrice(
      {
        productId: line.product_id,
        variantId: line.variant_id,
        categoryIds: terms.categoriesOf.get(line.product_id) ?? [],
        unitPrice: line.unit_price,
        quantity: line.quantity,
        digital: line.is_gift_card,
      },
      terms.priceList,
      cart.currency,
    );
    line.line_total = line.unit_price * line.quantity;
  }
  cart.subtotal = cart.items.reduce((sum, l) => sum + l.line_total, 0);
  return cart;
}

interface SellableRow {
  variant_id: string | null;
  is_gift_card: boolean;
  price: number;
  sale_price: number | null;
  variant_price: number | null;
  variant_sale_price: number | null;
}

/**
 * A group member's prices of one product in a market: for each variant (or the product without
 * variants), its unit price from one unit on and each tier below it. Empty for a product not for sale.
 */
export async function memberPricesOf(
  db: Db,
  groupId: string,
  productId: string,
  market: MarketPricing,
): Promise<MemberPrices> {
  const currency = market.market.currency;
  const terms = await readBuyerTerms(db, groupId, [productId]);
  if (!terms) return { group: null, currency, items: [] };
  const rows = await queryRows<SellableRow>(
    db,
    sql`SELECT v.id AS variant_id, p.is_gift_card, p.price, p.sale_price, v.price AS variant_price, v.sale_price AS variant_sale_price
      FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
      WHERE p.id = ${productId}::uuid AND p.is_visible AND p.deleted_at IS NULL
      ORDER BY v.created_at NULLS FIRST, v.id`,
  );
  const categoryIds = terms.categoriesOf.get(productId) ?? [];
  const base = rows.map((r) => ({
    productId,
    variantId: r.variant_id,
    categoryIds,
    digital: r.is_gift_card,
    unitPrice: unitPrice(
      { price: Number(r.price), sale_price: r.sale_price === null ? null : Number(r.sale_price) },
      r.variant_id === null
        ? null
        : {
            price: Number(r.variant_price ?? 0),
            sale_price: r.variant_sale_price === null ? null : Number(r.variant_sale_price),
          },
    ),
  }));
  const retail = converts(market)
    ? linesInMarket(market, await readFixedPrices(db, market, [productId]), base)
    : base;
  return {
    group: { name: terms.groupName },
    currency,
    items: retail.map((line) => ({
      variant_id: line.variantId,
      tiers: priceTiers(line, terms.priceList, currency).map((t) => ({
        min_quantity: t.minQuantity,
        unit_price: t.unitPrice,
      })),
    })),
  };
}
