import { createHash, randomBytes } from 'node:crypto';
import { rmaOf } from '@cartwheel/shared/contracts/returns';
import { plural } from '@cartwheel/shared/text';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { loadStoreSettings } from '../content/site-settings.ts';
import { addEvent } from '../orders/order-steps.ts';
import { queueReturnEmail, type ReturnContext } from './return-emails.ts';
import { exchangeNames, reserveExchanges } from './return-exchanges.ts';
import { type LabelContent, renderReturnLabel } from './return-label-pdf.ts';
import type { LabelAddress, ReturnLabelCarrier } from './return-labels.ts';
import { returns } from './returns.schema.ts';
import { loadReturnSettings, lockReturn, wrongStatus } from './returns.service.ts';

// Staff review a return: approve it (and its label is made and emailed) or decline it.

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The storefront-free address of a return's label, opened from the approval email. */
const labelPath = (token: string) => `/api/returns/labels/${token}`;

/** The lines of a return as "name × quantity" items (emails, labels, timeline). */
export async function returnLines(db: Db | Tx, returnId: string) {
  const rows = await queryRows<{ name: string; quantity: number; order_item_id: string }>(
    db,
    sql`SELECT i.product_name || COALESCE(' (' || i.variant_title || ')', '') AS name, ri.quantity, ri.order_item_id
      FROM return_items ri JOIN order_items i ON i.id = ri.order_item_id
      WHERE ri.return_id = ${returnId} ORDER BY i.created_at, i.product_name, i.id`,
  );
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** Approves a requested return, then makes its label and emails it (makeLabel). */
export async function approveReturn(
  ctx: ReturnContext,
  carrier: ReturnLabelCarrier,
  returnId: string,
  actor: AuditActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnId);
    const rma = rmaOf(row.returnNumber);
    if (row.status !== 'requested') throw wrongStatus(rma, row.status, 'approved');
    if (!(await loadReturnSettings(tx)).address) {
      throw new AppError(
        'conflict',
        'return_address_missing',
        'Set the return address (Returns → Settings) before approving a return: the label needs it',
      );
    }
    await tx
      .update(returns)
      .set({ status: 'approved', approvedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(returns.id, returnId));
    const held = await reserveExchanges(tx, returnId);
    const heldText = held ? ` ${plural(held, 'item')} held from stock for the exchange.` : '';
    await addEvent(tx, row.orderId, actor.userId, 'return_approved', `Return ${rma} approved.${heldText}`, {
      return_id: returnId,
      exchange_reserved: held,
    });
    await audit.record(tx, actor, {
      action: 'return.approved',
      target: { type: 'return', id: returnId, label: rma },
      changes: { status: ['requested', 'approved'] },
    });
  });
  await makeLabel(ctx, carrier, returnId);
}

/** What a label shows: the RMA, both addresses, the lines. */
async function labelContent(ctx: ReturnContext, returnId: string): Promise<LabelContent> {
  const [row] = await queryRows<{
    return_number: number;
    order_number: number;
    shipping_address: Record<string, string | null> | null;
    customer_first_name: string | null;
    customer_last_name: string | null;
  }>(
    ctx.db,
    sql`SELECT r.return_number, o.order_number, o.shipping_address, o.customer_first_name, o.customer_last_name
      FROM returns r JOIN orders o ON o.id = r.order_id WHERE r.id = ${returnId}`,
  );
  if (!row) throw notFound('return_not_found', 'Return not found');
  const { address } = await loadReturnSettings(ctx.db);
  if (!address) {
    throw new AppError('conflict', 'return_address_missing', 'Set the return address (Returns → Settings)');
  }
  const shopper = row.shipping_address ?? {};
  const from: LabelAddress = {
    name: `${shopper.first_name ?? row.customer_first_name ?? ''} ${shopper.last_name ?? row.customer_last_name ?? ''}`.trim(),
    line1: shopper.address_line_1 ?? '',
    line2: shopper.address_line_2 ?? null,
    city: shopper.city ?? '',
    state: shopper.state_province ?? null,
    postalCode: shopper.postal_code ?? '',
    country: shopper.country ?? '',
  };
  const store = await loadStoreSettings(ctx.db, ctx.config);
  return {
    rma: rmaOf(Number(row.return_number)),
    orderNumber: Number(row.order_number),
    shopName: store.name,
    from,
    to: {
      name: address.name,
      line1: address.address_line_1,
      line2: address.address_line_2 ?? null,
      city: address.city,
      state: address.state_province ?? null,
      postalCode: address.postal_code,
      country: address.country,
    },
    items: await returnLines(ctx.db, returnId),
  };
}

/**
 * Makes the label of an approved return that has none and emails it with the approval: the carrier
 * is asked outside any transaction; a refusal leaves the return approved without a label, and staff
 * ask again (502 meanwhile). A second label is never stored over a first.
 */
export async function makeLabel(ctx: ReturnContext, carrier: ReturnLabelCarrier, returnId: string) {
  const [row] = await ctx.db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw notFound('return_not_found', 'Return not found');
  const rma = rmaOf(row.returnNumber);
  if (row.status !== 'approved') throw wrongStatus(rma, row.status, 'given a label');
  if (row.labelCarrier) throw new AppError('conflict', 'label_exists', `Return ${rma} has its label already`);
  const content = await labelContent(ctx, returnId);
  let issued: Awaited<ReturnType<ReturnLabelCarrier['createLabel']>>;
  try {
    issued = await carrier.createLabel({ rma, from: content.from, to: content.to });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ err: error, returnId }, 'the label service refused a return label');
    throw new AppError(
      'upstream_failed',
      'label_failed',
      `The label service refused the label: ${reason}. The return stays approved: create the label again.`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    const token = randomBytes(32).toString('base64url');
    const [stored] = await tx
      .update(returns)
      .set({
        labelCarrier: issued.carrier,
        labelTrackingNumber: issued.trackingNumber,
        labelUrl: issued.url,
        labelTokenHash: hashToken(token),
        updatedAt: sql`now()`,
      })
      .where(and(eq(returns.id, returnId), eq(returns.status, 'approved'), isNull(returns.labelCarrier)))
      .returning({ id: returns.id });
    if (!stored) return;
    const exchanges = await exchangeNames(tx, returnId);
    await queueReturnEmail(tx, ctx, row.orderId, 'return_approved', (recipient) => ({
      ...recipient,
      rma,
      items: content.items,
      exchanges,
      label_url: `${ctx.config.publicUrl}${labelPath(token)}`,
    }));
  });
}

/** Declines a requested return with the reason the shopper reads; its units may be asked for again. */
export async function declineReturn(
  ctx: ReturnContext,
  returnId: string,
  reason: string,
  actor: AuditActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockReturn(tx, returnId);
    const rma = rmaOf(row.returnNumber);
    if (row.status !== 'requested') throw wrongStatus(rma, row.status, 'declined');
    await tx
      .update(returns)
      .set({ status: 'declined', declineReason: reason, declinedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(returns.id, returnId));
    await addEvent(tx, row.orderId, actor.userId, 'return_declined', `Return ${rma} declined: ${reason}`, {
      return_id: returnId,
    });
    await audit.record(tx, actor, {
      action: 'return.declined',
      target: { type: 'return', id: returnId, label: rma },
      changes: { status: ['requested', 'declined'], decline_reason: [null, reason] },
    });
    const items = await returnLines(tx, returnId);
    await queueReturnEmail(tx, ctx, row.orderId, 'return_declined', (recipient) => ({
      ...recipient,
      rma,
      items,
      reason,
    }));
  });
}

/** What opening a label gives: the built-in PDF, or the label service's address to go to. */
export type LabelAnswer = { pdf: Buffer; rma: string } | { redirect: string };

async function labelOf(ctx: ReturnContext, row: typeof returns.$inferSelect): Promise<LabelAnswer> {
  if (!row.labelCarrier) {
    throw notFound('label_not_found', `Return ${rmaOf(row.returnNumber)} has no label yet`);
  }
  if (row.labelUrl) return { redirect: row.labelUrl };
  return { pdf: await renderReturnLabel(await labelContent(ctx, row.id)), rma: rmaOf(row.returnNumber) };
}

/** The label of a return, for staff. */
export async function labelForStaff(ctx: ReturnContext, returnId: string): Promise<LabelAnswer> {
  const [row] = await ctx.db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw notFound('return_not_found', 'Return not found');
  return labelOf(ctx, row);
}

/**
 * The label the approval email's link opens. An unknown or malformed token, or a return no longer
 * waiting for its parcel, answer the same 404.
 */
export async function labelByToken(ctx: ReturnContext, token: string): Promise<LabelAnswer> {
  const gone = () => notFound('label_link_invalid', 'This return label link is invalid or has expired');
  if (!TOKEN_SHAPE.test(token)) throw gone();
  const [row] = await ctx.db
    .select()
    .from(returns)
    .where(eq(returns.labelTokenHash, hashToken(token)));
  if (row?.status !== 'approved') throw gone();
  return labelOf(ctx, row);
}
