import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { GroupPriceList, PriceListEntry } from '../pricing/price-lists.ts';

/** What a wholesale buyer's group means for a purchase: its prices, minimum order and payment terms. */
export interface BuyerTerms {
  groupId: string;
  groupName: string;
  priceList: GroupPriceList;
  /** The least a member may order, in minor units of the base currency; null: no minimum. */
  minOrderAmount: number | null;
  /** Days a member has to pay an invoice; null: they pay at checkout. */
  paymentTermsDays: number | null;
  /** The categories of the products asked about (for entries that price a category). */
  categoriesOf: ReadonlyMap<string, string[]>;
}

interface TermsRow {
  id: string;
  name: string;
  min_order_amount: number | null;
  payment_terms_days: number | null;
  entries: Array<{
    product_id: string | null;
    variant_id: string | null;
    category_id: string | null;
    min_quantity: number;
    price: number | null;
    currency: string | null;
    percent_off_bps: number | null;
  }> | null;
  categories: Array<{ product_id: string; category_ids: string[] }> | null;
}

/**
 * A group's terms with the entries of its price lists that can price `productIds` (theirs, their
 * categories' and the whole catalog's) and those products' categories, in one statement. Called only
 * for a buyer who belongs to a group: a retail buyer costs no query. Null when the group is gone.
 */
export async function readBuyerTerms(
  db: Db | Tx,
  groupId: string,
  productIds: readonly string[],
): Promise<BuyerTerms | null> {
  const ids = `{${[...new Set(productIds)].join(',')}}`;
  const [row] = await queryRows<TermsRow>(
    db,
    sql`WITH cats AS (
        SELECT pc.product_id, array_agg(pc.category_id) AS category_ids
        FROM product_categories pc WHERE pc.product_id = ANY(${ids}::uuid[]) GROUP BY pc.product_id)
      SELECT g.id, g.name, g.min_order_amount, g.payment_terms_days,
        (SELECT json_agg(json_build_object('product_id', e.product_id, 'variant_id', e.variant_id,
            'category_id', e.category_id, 'min_quantity', e.min_quantity, 'price', e.price,
            'currency', e.currency, 'percent_off_bps', e.percent_off_bps))
          FROM price_list_entries e JOIN price_lists l ON l.id = e.price_list_id
          WHERE l.group_id = g.id
            AND (e.product_id = ANY(${ids}::uuid[])
              OR e.category_id IN (SELECT unnest(category_ids) FROM cats)
              OR (e.product_id IS NULL AND e.category_id IS NULL))) AS entries,
        (SELECT json_agg(json_build_object('product_id', product_id, 'category_ids', category_ids)) FROM cats)
          AS categories
      FROM customer_groups g WHERE g.id = ${groupId}::uuid`,
  );
  if (!row) return null;
  const entries: PriceListEntry[] = (row.entries ?? []).map((e) => ({
    productId: e.product_id,
    variantId: e.variant_id,
    categoryId: e.category_id,
    minQuantity: Number(e.min_quantity),
    price: e.price === null ? null : Number(e.price),
    currency: e.currency,
    percentOffBps: e.percent_off_bps === null ? null : Number(e.percent_off_bps),
  }));
  return {
    groupId: row.id,
    groupName: row.name,
    priceList: { groupId: row.id, entries },
    minOrderAmount: row.min_order_amount === null ? null : Number(row.min_order_amount),
    paymentTermsDays: row.payment_terms_days === null ? null : Number(row.payment_terms_days),
    categoriesOf: new Map((row.categories ?? []).map((c) => [c.product_id, c.category_ids])),
  };
}

/**
 * A customer's group terms and exemption number, for a purchase made for them (a draft order): one
 * statement, and the terms only when they belong to a group.
 */
export async function readCustomerTerms(
  db: Db | Tx,
  customerId: string,
  productIds: readonly string[],
): Promise<{ terms: BuyerTerms | null; taxExemptionNumber: string | null }> {
  const [row] = await queryRows<{ customer_group_id: string | null; tax_exemption_number: string | null }>(
    db,
    sql`SELECT customer_group_id, tax_exemption_number FROM profiles WHERE id = ${customerId}::uuid`,
  );
  const groupId = row?.customer_group_id ?? null;
  return {
    terms: groupId ? await readBuyerTerms(db, groupId, productIds) : null,
    taxExemptionNumber: row?.tax_exemption_number ?? null,
  };
}
