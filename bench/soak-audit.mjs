// The soak's checks after the load (bench/soak.mjs), in SQL against the primary and against what the
// mail catcher and the webhook receiver got: every payment, redemption, refund, email and webhook
// exactly once, the stock exact, and no error outside the fault windows.

import { sleep } from './processes.mjs';

const PAID = `('paid', 'partially_refunded', 'refunded')`;

/** The work the worker still owes: queued emails, pending deliveries and refunds, paid sessions not recorded. */
async function backlog(sql) {
  const [row] = await sql.unsafe(`select
    (select count(*) from email_outbox where status = 'queued')::int as emails,
    (select count(*) from webhook_deliveries where status = 'pending')::int as webhooks,
    (select count(*) from refunds where status = 'pending')::int as refunds,
    (select count(*) from payment_sessions s join orders o on o.id = s.order_id
      where s.status = 'paid' and o.payment_status not in ${PAID})::int as payments`);
  return row;
}

/** Waits (at most `ms`) until the worker has done everything queued; returns the backlog left and the time taken. */
export async function drain(sql, ms) {
  const started = Date.now();
  let left = await backlog(sql);
  while (Object.values(left).some((n) => n > 0) && Date.now() - started < ms) {
    await sleep(1000);
    left = await backlog(sql);
  }
  return { left, seconds: (Date.now() - started) / 1000 };
}

/**
 * Per variant: stock on hand plus the units live orders hold, less the units refunds put back. The
 * load changes none of it but by selling and restocking, so it is the same before and after.
 */
export async function stockBalance(sql, variantIds) {
  const rows = await sql`
    select v.id, v.sku, v.inventory_level as level,
      coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
        where oi.variant_id = v.id and o.status <> 'cancelled'), 0)::int as held,
      coalesce((select sum(rl.quantity) from refund_lines rl join refunds r on r.id = rl.refund_id
        join order_items oi on oi.id = rl.order_item_id
        where oi.variant_id = v.id and r.status = 'succeeded' and r.restock), 0)::int as restocked
    from product_variants v where v.id = any(${variantIds}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { ...r, balance: r.level + r.held - r.restocked }]));
}

/** The one row of a statement of sub-selects. */
const one = async (sql, text) => (await sql.unsafe(text))[0];

/**
 * Every check: [{ name, ok, detail }]. `mail.messages` and `hooks.events` are what arrived;
 * `before` the stock balance at the start, `since` the load's start.
 */
export async function audit(sql, { mail, hooks, before, variantIds, discountCode, load, since }) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });

  const pay = await one(
    sql,
    `select
      (select count(*) from payment_sessions where status = 'paid')::int as provider_paid,
      (select count(*) from orders where payment_status in ${PAID})::int as orders_paid,
      (select count(*) from (select order_id from payment_sessions where status = 'paid'
        group by order_id having count(*) > 1) x)::int as paid_twice,
      (select count(*) from orders o where o.payment_status in ${PAID} and not exists
        (select 1 from payment_sessions s where s.order_id = o.id and s.status = 'paid'))::int as without_payment`,
  );
  check(
    'every payment the provider took is one paid order',
    pay.provider_paid === pay.orders_paid && pay.paid_twice === 0 && pay.without_payment === 0,
    `${pay.provider_paid} paid at the provider, ${pay.orders_paid} paid orders, ${pay.paid_twice} paid twice, ${pay.without_payment} paid without a payment`,
  );
  check(
    'every payment the shoppers saw completed is counted',
    load.counts.paid <= pay.orders_paid,
    `${load.counts.paid} completed answers, ${pay.orders_paid} paid orders`,
  );

  const [red] = await sql`
    select d.times_used, d.times_held,
      (select count(*) from discount_redemptions r where r.discount_id = d.id and r.status = 'confirmed')::int as confirmed,
      (select count(*) from discount_redemptions r where r.discount_id = d.id and r.status = 'held')::int as held,
      (select count(*) from orders o where ${discountCode} = any(o.discount_codes)
        and o.payment_status in ('paid', 'partially_refunded', 'refunded'))::int as paid_orders,
      (select count(*) from discount_redemptions r join orders o on o.id = r.order_id
        where r.discount_id = d.id and r.status = 'confirmed'
          and o.payment_status not in ('paid', 'partially_refunded', 'refunded'))::int as confirmed_unpaid
    from discounts d where d.code = ${discountCode}`;
  check(
    'every redemption counted once',
    red.confirmed === red.paid_orders &&
      red.times_used === red.confirmed &&
      red.times_held === red.held &&
      red.confirmed_unpaid === 0,
    `${red.paid_orders} paid orders with the code, ${red.confirmed} confirmed redemptions, times_used ${red.times_used}, held ${red.held} (times_held ${red.times_held}), ${red.confirmed_unpaid} confirmed on unpaid orders`,
  );

  const ref = await one(
    sql,
    `select
      (select count(*) from refunds where status = 'succeeded')::int as succeeded,
      (select count(*) from refunds where status <> 'succeeded')::int as not_succeeded,
      (select count(*) from local_payment_refunds)::int as at_provider,
      (select count(*) from refunds r where r.status = 'succeeded' and not exists (select 1 from local_payment_refunds p
        where p.idempotency_key = 'cartwheel-refund-' || r.id and p.id = r.provider_refund_id and p.amount = r.amount))::int as unmatched,
      (select count(*) from (select order_id from refunds where status = 'succeeded'
        group by order_id having count(*) > 1) x)::int as twice`,
  );
  check(
    'every refund once, at the provider and in the shop',
    ref.succeeded === ref.at_provider && ref.unmatched === 0 && ref.twice === 0 && ref.not_succeeded === 0,
    `${ref.succeeded} refunds, ${ref.at_provider} at the provider, ${ref.unmatched} unmatched, ${ref.twice} orders refunded twice, ${ref.not_succeeded} pending or failed; staff saw ${load.counts.refunds} succeed`,
  );

  // From the load's start: create-admin writes its account's emails to the outbox as sent (it runs
  // without the shop's mailer), so they never reach the mail server.
  const outbox = await sql`select id, kind, subject, status from email_outbox where created_at >= ${since}`;
  const unsent = outbox.filter((m) => m.status !== 'sent');
  const ids = new Set((await sql`select id from email_outbox`).map((m) => `${m.id}@cartwheel.outbox`));
  const lost = outbox.filter((m) => m.status === 'sent' && !mail.messages.has(`${m.id}@cartwheel.outbox`));
  const strangers = [...mail.messages.keys()].filter((id) => !ids.has(id));
  const resent = [...mail.messages.values()].reduce((n, times) => n + times - 1, 0);
  check(
    'every email sent and received once (by Message-ID)',
    unsent.length === 0 && lost.length === 0 && strangers.length === 0,
    `${outbox.length} in the outbox, ${mail.messages.size} received, ${unsent.length} not sent, ${lost.length} lost, ${strangers.length} unknown, ${resent} sent again`,
  );
  const perOrder = async (kind, where) => {
    const numbers = (await sql.unsafe(`select order_number::int as n from orders o where ${where}`)).map(
      (r) => r.n,
    );
    const mails = outbox.filter((m) => m.kind === kind).map((m) => Number(/#(\d+)/.exec(m.subject)?.[1]));
    const byNumber = new Map();
    for (const n of mails) byNumber.set(n, (byNumber.get(n) ?? 0) + 1);
    const wrong = numbers.filter((n) => byNumber.get(n) !== 1);
    const extra = mails.filter((n) => !numbers.includes(n));
    return { orders: numbers.length, mails: mails.length, wrong, extra };
  };
  const confirmations = await perOrder('order_confirmation', `o.payment_status in ${PAID}`);
  check(
    'one confirmation email per paid order',
    confirmations.wrong.length === 0 && confirmations.extra.length === 0,
    `${confirmations.orders} paid orders, ${confirmations.mails} confirmations; not once: ${confirmations.wrong.slice(0, 5).join(', ') || 'none'}; for no paid order: ${confirmations.extra.length}`,
  );
  const refundMails = await perOrder(
    'order_refunded',
    `exists (select 1 from refunds r where r.order_id = o.id and r.status = 'succeeded')`,
  );
  check(
    'one refund email per refunded order',
    refundMails.wrong.length === 0 && refundMails.extra.length === 0,
    `${refundMails.orders} refunded orders, ${refundMails.mails} refund emails; not once: ${refundMails.wrong.slice(0, 5).join(', ') || 'none'}`,
  );

  const events = await sql`
    select ev.id, ev.type, ev.data->>'id' as order_id,
      bool_and(d.status = 'succeeded') as delivered
    from webhook_events ev join webhook_deliveries d on d.event_id = ev.id group by ev.id`;
  const hookLost = events.filter((e) => !e.delivered || !hooks.events.has(e.id));
  const eventIds = new Set(events.map((e) => e.id));
  const hookStrangers = [...hooks.events.keys()].filter((id) => !eventIds.has(id));
  const redelivered = [...hooks.events.values()].reduce((n, e) => n + e.times - 1, 0);
  check(
    'every webhook event delivered and received (by event id)',
    hookLost.length === 0 && hookStrangers.length === 0,
    `${events.length} events, ${hooks.events.size} received, ${hookLost.length} lost, ${hookStrangers.length} unknown, ${redelivered} delivered again`,
  );
  const perType = async (type, where) => {
    const ordersOf = (await sql.unsafe(`select id::text from orders o where ${where}`)).map((r) => r.id);
    const byOrder = new Map();
    for (const e of events.filter((x) => x.type === type))
      byOrder.set(e.order_id, (byOrder.get(e.order_id) ?? 0) + 1);
    const wrong = ordersOf.filter((id) => byOrder.get(id) !== 1);
    const extra = [...byOrder.keys()].filter((id) => !ordersOf.includes(id));
    return { orders: ordersOf.length, wrong: wrong.length, extra: extra.length };
  };
  const paidEvents = await perType('order.paid', `o.payment_status in ${PAID}`);
  const refundEvents = await perType(
    'order.refunded',
    `exists (select 1 from refunds r where r.order_id = o.id and r.status = 'succeeded')`,
  );
  check(
    'one order.paid per paid order, one order.refunded per refund',
    paidEvents.wrong + paidEvents.extra + refundEvents.wrong + refundEvents.extra === 0,
    `order.paid: ${paidEvents.orders} orders, ${paidEvents.wrong} not once, ${paidEvents.extra} for no paid order; order.refunded: ${refundEvents.orders} orders, ${refundEvents.wrong} not once, ${refundEvents.extra} extra`,
  );

  const [jobs] = await sql`
    select count(*) filter (where state in ('created', 'retry', 'active'))::int as open,
      count(*) filter (where state = 'failed')::int as failed
    from pgboss.job where name in ('email-deliver', 'webhook-deliver')`;
  check(
    'no email or webhook job left open or failed',
    jobs.open === 0 && jobs.failed === 0,
    `${jobs.open} open, ${jobs.failed} failed`,
  );

  const after = await stockBalance(sql, variantIds);
  const drift = variantIds
    .map((id) => ({
      sku: after.get(id).sku,
      drift: after.get(id).balance - before.get(id).balance,
      level: after.get(id).level,
    }))
    .filter((v) => v.drift !== 0 || v.level < 0);
  check(
    'stock exact: on hand + held by orders - restocked is unchanged for every variant',
    drift.length === 0,
    drift.length
      ? drift.map((v) => `${v.sku} ${v.drift > 0 ? '+' : ''}${v.drift} (on hand ${v.level})`).join(', ')
      : `${variantIds.length} variants exact`,
  );
  return checks;
}
