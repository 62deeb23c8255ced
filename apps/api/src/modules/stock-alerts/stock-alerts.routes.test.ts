import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import type { Mailer } from '../email/mailer.ts';
import { unsubscribeToken } from '../marketing/unsubscribe.ts';
import { sendStockAlerts } from './send-stock-alerts.ts';
import { STOCK_ALERT_RATE_LIMIT_PER_MINUTE } from './stock-alerts.routes.ts';

const suite = appWithAdminPerFile();
let address = 0;

/** "Email me when it's back", each from an address of its own unless `ip` is given (the rate limit). */
const ask = (payload: object, cookie = '', ip = `10.30.${Math.floor(++address / 250)}.${address % 250}`) =>
  suite.ctx.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    headers: cookie ? { cookie } : {},
    payload,
    remoteAddress: ip,
  });

async function subscribed(payload: object, cookie = '') {
  const res = await ask(payload, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { email: string };
}

const run = () => sendStockAlerts(suite.ctx.app.checkout.ctx);

const alertsTo = (email: string) =>
  queryRows<{ to: string; subject: string; text: string; headers: unknown }>(
    suite.ctx.db,
    sql`SELECT "to", subject, text, headers FROM email_outbox WHERE kind = 'back_in_stock' AND "to" = ${email}`,
  );

const alertCount = () =>
  queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM stock_alerts`).then(
    (r) => r[0]!.n,
  );

const setStock = (table: 'products' | 'product_variants', id: string, level: number) =>
  suite.ctx.db.execute(sql`UPDATE ${sql.identifier(table)} SET inventory_level = ${level} WHERE id = ${id}`);

async function soldOutTee() {
  const product = await createProduct(suite.ctx.db, { name: 'Classic Tee', price: 2000 });
  const { values } = await createOption(suite.ctx.db, product.id, 'size', ['S', 'M']);
  const small = await createVariant(suite.ctx.db, product.id, [values[0]!.id], { inventoryLevel: 3 });
  const medium = await createVariant(suite.ctx.db, product.id, [values[1]!.id], { inventoryLevel: 0 });
  return { product, small, medium };
}

const mail = (n: number) => `waiting-${n}-${randomUUID().slice(0, 8)}@example.com`;

describe('asking to be emailed', () => {
  it('takes a guest address for a sold-out variant, lower-cased, once however often asked', async () => {
    const { product, medium } = await soldOutTee();
    const email = mail(1).toUpperCase();
    for (let i = 0; i < 2; i++) {
      expect(await subscribed({ product_id: product.id, variant_id: medium.id, email })).toEqual({
        email: email.toLowerCase(),
      });
    }
    const rows = await queryRows<{ email: string; status: string }>(
      suite.ctx.db,
      sql`SELECT email, status FROM stock_alerts WHERE variant_id = ${medium.id}`,
    );
    expect(rows).toEqual([{ email: email.toLowerCase(), status: 'waiting' }]);
  });

  it("uses a signed-in shopper's own address in one click", async () => {
    const { product, medium } = await soldOutTee();
    const shopper = await signUp(suite.ctx.app);
    const answer = await subscribed({ product_id: product.id, variant_id: medium.id }, shopper.cookie);
    expect(answer.email).toBe(shopper.email.toLowerCase());
    const [row] = await queryRows<{ user_id: string }>(
      suite.ctx.db,
      sql`SELECT user_id FROM stock_alerts WHERE variant_id = ${medium.id}`,
    );
    expect(row?.user_id).toBe(shopper.id);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const { product, small, medium } = await soldOutTee();
    const other = await createProduct(suite.ctx.db, { inventoryLevel: 0 });
    const before = await alertCount();
    const cases: Array<[object, number, string]> = [
      [{ product_id: product.id, variant_id: medium.id }, 400, 'email_required'],
      [{ product_id: product.id, variant_id: medium.id, email: 'not-an-email' }, 400, 'invalid_request'],
      [{ product_id: 'tee', email: mail(2) }, 400, 'invalid_request'],
      [{ product_id: product.id, email: mail(2) }, 400, 'variant_required'],
      [{ product_id: product.id, variant_id: small.id, email: mail(2) }, 409, 'in_stock'],
      [{ product_id: other.id, variant_id: medium.id, email: mail(2) }, 404, 'variant_not_found'],
      [{ product_id: randomUUID(), email: mail(2) }, 404, 'product_not_found'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect(await alertCount()).toBe(before);
  });

  it('limits how often one address may ask', async () => {
    const product = await createProduct(suite.ctx.db, { inventoryLevel: 0 });
    const codes: number[] = [];
    for (let i = 0; i <= STOCK_ALERT_RATE_LIMIT_PER_MINUTE; i++) {
      codes.push((await ask({ product_id: product.id, email: mail(i) }, '', '10.31.0.1')).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('emailing when stock returns', () => {
  it('emails those waiting in the order they asked, no more than the units that came back, each once', async () => {
    const { product, medium } = await soldOutTee();
    const emails = [mail(1), mail(2), mail(3)];
    for (const email of emails) await subscribed({ product_id: product.id, variant_id: medium.id, email });
    await suite.ctx.db.execute(
      sql`UPDATE stock_alerts SET created_at = created_at - make_interval(secs => ${10} - position)
        FROM (VALUES (${emails[0]}, 0), (${emails[1]}, 1), (${emails[2]}, 2)) AS o(email, position)
        WHERE stock_alerts.email = o.email`,
    );
    await setStock('product_variants', medium.id, 2);
    expect(await run()).toBe(2);
    expect((await alertsTo(emails[0]!)).length).toBe(1);
    expect((await alertsTo(emails[1]!)).length).toBe(1);
    expect(await alertsTo(emails[2]!)).toEqual([]);
    // A run again (a retry) finds nothing; the third is emailed by the next unit back.
    expect(await run()).toBe(0);
    await setStock('product_variants', medium.id, 3);
    expect(await run()).toBe(1);
    expect((await alertsTo(emails[2]!)).length).toBe(1);
    // Once notified, a later restock sends them nothing more.
    await setStock('product_variants', medium.id, 0);
    await setStock('product_variants', medium.id, 10);
    expect(await run()).toBe(0);
    for (const email of emails) expect((await alertsTo(email)).length).toBe(1);
  });

  it('emails about a product without variants restocked in the back office, with its name and link', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Desk Lamp', inventoryLevel: 0 });
    const email = mail(4);
    const res0 = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/stock-alerts?locale=de',
      payload: { product_id: product.id, email },
      remoteAddress: '10.32.0.1',
    });
    expect(res0.statusCode, res0.body).toBe(200);
    const res = await sendAs(
      suite.ctx.app,
      suite.admin.cookie,
      'PATCH',
      `/api/admin/products/${product.id}`,
      {
        inventory_level: 5,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await run()).toBe(1);
    const [sent] = await alertsTo(email);
    expect(sent?.subject).toContain('Desk Lamp');
    expect(sent?.subject).toContain('wieder');
    expect(sent?.text).toContain(`/de/product/${product.slug}`);
    expect(sent?.text).toContain('/unsubscribe?token=');
    expect(JSON.stringify(sent?.headers)).toContain('List-Unsubscribe');
  });

  it("catches stock raised by the back office's bulk edit, which sets every variant's stock", async () => {
    const { product, medium } = await soldOutTee();
    const email = mail(11);
    await subscribed({ product_id: product.id, variant_id: medium.id, email });
    const res = await sendAs(suite.ctx.app, suite.admin.cookie, 'POST', '/api/admin/products/bulk', {
      action: 'edit',
      ids: [product.id],
      inventory_level: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await run()).toBe(1);
    expect((await alertsTo(email)).length).toBe(1);
  });

  it('sends nothing while no unit is back, nor when the stock is gone again before the job runs', async () => {
    const { product, medium } = await soldOutTee();
    const email = mail(5);
    await subscribed({ product_id: product.id, variant_id: medium.id, email });
    expect(await run()).toBe(0);
    await setStock('product_variants', medium.id, 1);
    await setStock('product_variants', medium.id, 0);
    expect(await run()).toBe(0);
    expect(await alertsTo(email)).toEqual([]);
    const [row] = await queryRows<{ status: string }>(
      suite.ctx.db,
      sql`SELECT status FROM stock_alerts WHERE email = ${email}`,
    );
    expect(row?.status).toBe('waiting');
  });

  it('is exactly once under retries: a run that fails sends nothing, and the retry sends each email once', async () => {
    const { product, medium } = await soldOutTee();
    const email = mail(6);
    await subscribed({ product_id: product.id, variant_id: medium.id, email });
    await setStock('product_variants', medium.id, 4);
    const ctx = suite.ctx.app.checkout.ctx;
    const failing: Mailer = {
      send: ctx.mailer.send,
      queue: async () => {
        throw new Error('the mail outbox is down');
      },
    };
    await expect(sendStockAlerts({ ...ctx, mailer: failing })).rejects.toThrow('the mail outbox is down');
    expect(await alertsTo(email)).toEqual([]);
    const [again, concurrent] = await Promise.all([run(), run()]);
    expect(again + concurrent).toBe(1);
    expect(await run()).toBe(0);
    expect((await alertsTo(email)).length).toBe(1);
  });

  it('cancels instead of emailing a subscriber who unsubscribed after asking', async () => {
    const { product, medium } = await soldOutTee();
    const [gone, stays] = [mail(7), mail(8)];
    await subscribed({ product_id: product.id, variant_id: medium.id, email: gone });
    await subscribed({ product_id: product.id, variant_id: medium.id, email: stays });
    const token = unsubscribeToken(suite.ctx.config, gone);
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/marketing/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await setStock('product_variants', medium.id, 1);
    expect(await run()).toBe(1);
    expect(await alertsTo(gone)).toEqual([]);
    expect((await alertsTo(stays)).length).toBe(1);
    const [row] = await queryRows<{ status: string }>(
      suite.ctx.db,
      sql`SELECT status FROM stock_alerts WHERE email = ${gone}`,
    );
    expect(row?.status).toBe('cancelled');
  });
});

describe('Waiting for stock in the back office', () => {
  it('lists each item with its count and its subscribers in order, to managers only', async () => {
    const { product, medium } = await soldOutTee();
    const emails = [mail(9), mail(10)];
    for (const email of emails) await subscribed({ product_id: product.id, variant_id: medium.id, email });
    const list = await sendAs(suite.ctx.app, suite.admin.cookie, 'GET', '/api/admin/stock-alerts');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({
        product_id: product.id,
        variant_id: medium.id,
        variant_title: 'M',
        waiting: 2,
      }),
    );
    const url = `/api/admin/stock-alerts/subscribers?product_id=${product.id}&variant_id=${medium.id}`;
    const who = await sendAs(suite.ctx.app, suite.admin.cookie, 'GET', url);
    expect(who.json().items.map((i: { email: string }) => i.email)).toEqual(emails);
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    expect((await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/stock-alerts')).statusCode).toBe(
      403,
    );
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    expect((await sendAs(suite.ctx.app, manager.cookie, 'GET', url)).statusCode).toBe(200);
  });
});
