import type {
  CustomerGroup,
  CustomerGroupInput,
  CustomerWholesale,
  PriceList,
  PriceListInput,
  PriceListSummary,
} from '@cartwheel/shared/contracts/wholesale';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';

const groupNotFound = () => notFound('customer_group_not_found', 'Customer group not found');
const listNotFound = () => notFound('price_list_not_found', 'Price list not found');

const GROUP_COLUMNS = sql`g.id, g.name, g.min_order_amount, g.payment_terms_days,
  (SELECT count(*)::int FROM profiles p WHERE p.customer_group_id = g.id) AS member_count,
  (SELECT count(*)::int FROM price_lists l WHERE l.group_id = g.id) AS price_list_count`;

const toGroup = (r: CustomerGroup): CustomerGroup => ({
  ...r,
  min_order_amount: r.min_order_amount === null ? null : Number(r.min_order_amount),
  payment_terms_days: r.payment_terms_days === null ? null : Number(r.payment_terms_days),
  member_count: Number(r.member_count),
  price_list_count: Number(r.price_list_count),
});

/** Every customer group, by name, with its counts of members and price lists. */
export async function listGroups(db: Db | Tx): Promise<CustomerGroup[]> {
  const rows = await queryRows<CustomerGroup>(
    db,
    sql`SELECT ${GROUP_COLUMNS} FROM customer_groups g ORDER BY lower(g.name), g.id`,
  );
  return rows.map(toGroup);
}

export async function getGroup(db: Db | Tx, id: string): Promise<CustomerGroup> {
  const [row] = await queryRows<CustomerGroup>(
    db,
    sql`SELECT ${GROUP_COLUMNS} FROM customer_groups g WHERE g.id = ${id}::uuid`,
  );
  if (!row) throw groupNotFound();
  return toGroup(row);
}

/** A second group of the same name (any case) is a conflict on the name field. */
async function nameTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (pgErrorInfo(error)?.code === '23505') {
      throw conflict('customer_group_name_taken', 'A customer group with this name already exists', [
        { field: 'body.name', message: 'A customer group with this name already exists' },
      ]);
    }
    throw error;
  }
}

export async function createGroup(tx: Tx, input: CustomerGroupInput): Promise<CustomerGroup> {
  const [row] = await nameTaken(
    queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO customer_groups (name, min_order_amount, payment_terms_days)
        VALUES (${input.name}, ${input.min_order_amount}::int, ${input.payment_terms_days}::int) RETURNING id`,
    ),
  );
  return getGroup(tx, row!.id);
}

export async function updateGroup(tx: Tx, id: string, input: CustomerGroupInput): Promise<CustomerGroup> {
  const rows = await nameTaken(
    queryRows<{ id: string }>(
      tx,
      sql`UPDATE customer_groups SET name = ${input.name}, min_order_amount = ${input.min_order_amount}::int,
          payment_terms_days = ${input.payment_terms_days}::int, updated_at = now()
        WHERE id = ${id}::uuid RETURNING id`,
    ),
  );
  if (rows.length === 0) throw groupNotFound();
  return getGroup(tx, id);
}

/** Deletes a group with its price lists; its members become retail customers. */
export async function deleteGroup(tx: Tx, id: string): Promise<void> {
  const rows = await queryRows(tx, sql`DELETE FROM customer_groups WHERE id = ${id}::uuid RETURNING id`);
  if (rows.length === 0) throw groupNotFound();
}

const SUMMARY_COLUMNS = sql`l.id, l.name, l.group_id, g.name AS group_name,
  (SELECT count(*)::int FROM price_list_entries e WHERE e.price_list_id = l.id) AS entry_count`;

export async function listPriceLists(db: Db | Tx): Promise<PriceListSummary[]> {
  const rows = await queryRows<PriceListSummary>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS} FROM price_lists l JOIN customer_groups g ON g.id = l.group_id
      ORDER BY lower(g.name), lower(l.name), l.id`,
  );
  return rows.map((r) => ({ ...r, entry_count: Number(r.entry_count) }));
}

/** A price list with its entries, each labelled by what it prices. */
export async function getPriceList(db: Db | Tx, id: string): Promise<PriceList> {
  const [list] = await queryRows<PriceListSummary>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS} FROM price_lists l JOIN customer_groups g ON g.id = l.group_id
      WHERE l.id = ${id}::uuid`,
  );
  if (!list) throw listNotFound();
  const entries = await queryRows<PriceList['entries'][number]>(
    db,
    sql`SELECT e.product_id, e.variant_id, e.category_id, e.min_quantity, e.price, e.currency, e.percent_off_bps,
        CASE WHEN e.product_id IS NOT NULL
          THEN p.name || COALESCE(' (' || ${variantTitleSql('v')} || ')', '')
          WHEN e.category_id IS NOT NULL THEN 'Category: ' || c.name
          ELSE 'Whole catalog' END AS label
      FROM price_list_entries e
      LEFT JOIN products p ON p.id = e.product_id
      LEFT JOIN product_variants v ON v.id = e.variant_id
      LEFT JOIN categories c ON c.id = e.category_id
      WHERE e.price_list_id = ${id}::uuid
      ORDER BY label, e.min_quantity, e.id`,
  );
  return {
    ...list,
    entry_count: Number(list.entry_count),
    entries: entries.map((e) => ({
      ...e,
      min_quantity: Number(e.min_quantity),
      price: e.price === null ? null : Number(e.price),
      percent_off_bps: e.percent_off_bps === null ? null : Number(e.percent_off_bps),
    })),
  };
}

/**
 * Refuses entries naming a product, variant or category that does not exist, or a variant of another
 * product, with the field of the first such entry; and a group that does not exist.
 */
async function checkListInput(tx: Tx, input: PriceListInput): Promise<void> {
  const [row] = await queryRows<{ group_ok: boolean; bad: number | null }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM customer_groups WHERE id = ${input.group_id}::uuid) AS group_ok,
      (SELECT min(x.i) FROM jsonb_to_recordset(${JSON.stringify(input.entries.map((e, i) => ({ ...e, i })))}::jsonb)
          AS x(i int, product_id uuid, variant_id uuid, category_id uuid)
        WHERE (x.product_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = x.product_id AND p.deleted_at IS NULL))
          OR (x.variant_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM product_variants v
            WHERE v.id = x.variant_id AND v.product_id = x.product_id))
          OR (x.category_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = x.category_id))) AS bad`,
  );
  if (!row?.group_ok) {
    throw new AppError('invalid', 'customer_group_not_found', 'Customer group not found', [
      { field: 'body.group_id', message: 'Customer group not found' },
    ]);
  }
  if (row.bad !== null) {
    const message = 'This product, variant or category does not exist';
    throw new AppError('invalid', 'price_list_entry_unknown', message, [
      { field: `body.entries.${row.bad}`, message },
    ]);
  }
}

async function writeEntries(tx: Tx, listId: string, input: PriceListInput): Promise<void> {
  await tx.execute(sql`DELETE FROM price_list_entries WHERE price_list_id = ${listId}::uuid`);
  if (input.entries.length === 0) return;
  await tx.execute(
    sql`INSERT INTO price_list_entries (price_list_id, product_id, variant_id, category_id, min_quantity, price,
        currency, percent_off_bps)
      SELECT ${listId}::uuid, x.product_id, x.variant_id, x.category_id, x.min_quantity, x.price, x.currency,
        x.percent_off_bps
      FROM jsonb_to_recordset(${JSON.stringify(input.entries)}::jsonb) AS x(product_id uuid, variant_id uuid,
        category_id uuid, min_quantity int, price int, currency text, percent_off_bps int)`,
  );
}

export async function createPriceList(tx: Tx, input: PriceListInput): Promise<PriceList> {
  await checkListInput(tx, input);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO price_lists (group_id, name) VALUES (${input.group_id}::uuid, ${input.name}) RETURNING id`,
  );
  await writeEntries(tx, row!.id, input);
  return getPriceList(tx, row!.id);
}

/** Replaces a price list's name, group and entries. */
export async function updatePriceList(tx: Tx, id: string, input: PriceListInput): Promise<PriceList> {
  await checkListInput(tx, input);
  const rows = await queryRows(
    tx,
    sql`UPDATE price_lists SET name = ${input.name}, group_id = ${input.group_id}::uuid, updated_at = now()
      WHERE id = ${id}::uuid RETURNING id`,
  );
  if (rows.length === 0) throw listNotFound();
  await writeEntries(tx, id, input);
  return getPriceList(tx, id);
}

export async function deletePriceList(tx: Tx, id: string): Promise<void> {
  const rows = await queryRows(tx, sql`DELETE FROM price_lists WHERE id = ${id}::uuid RETURNING id`);
  if (rows.length === 0) throw listNotFound();
}

const customerNotFound = () => notFound('customer_not_found', 'Customer not found');

/** A customer's group and tax exemption number. */
export async function getCustomerWholesale(db: Db | Tx, customerId: string): Promise<CustomerWholesale> {
  const [row] = await queryRows<CustomerWholesale>(
    db,
    sql`SELECT customer_group_id, tax_exemption_number FROM profiles
      WHERE id = ${customerId}::uuid AND role = 'customer'`,
  );
  if (!row) throw customerNotFound();
  return row;
}

/**
 * Puts a customer in a group (or none) and stores their exemption number. The profile's change
 * notifies the viewer cache, so their next request is priced by the new group.
 */
export async function setCustomerWholesale(
  tx: Tx,
  customerId: string,
  input: CustomerWholesale,
): Promise<CustomerWholesale> {
  if (input.customer_group_id !== null) await getGroup(tx, input.customer_group_id);
  const rows = await queryRows<CustomerWholesale>(
    tx,
    sql`UPDATE profiles SET customer_group_id = ${input.customer_group_id}::uuid,
        tax_exemption_number = ${input.tax_exemption_number}, updated_at = now()
      WHERE id = ${customerId}::uuid AND role = 'customer'
      RETURNING customer_group_id, tax_exemption_number`,
  );
  if (!rows[0]) throw customerNotFound();
  return rows[0];
}
