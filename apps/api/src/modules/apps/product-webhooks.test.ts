import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';

// The product events staff changes record besides a save in the editor (docs/webhooks.md): a variant,
// an image, a CSV import, a stock edit. An endpoint subscribes to them, so each emit records one event; no job
// worker runs here, so the events stay queued and are counted in webhook_events.

const dataDir = mkdtempSync(join(tmpdir(), 'cw-product-webhooks-'));
const suite = appWithAdminPerFile({ DATA_DIR: dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const asAdmin = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: { cookie: suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  const res = await asAdmin('POST', '/api/admin/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['product.created', 'product.updated', 'inventory.low'],
  });
  expect(res.statusCode, res.body).toBe(201);
});

/** The queued events of `type` about the product `productId`. */
async function eventsFor(type: string, productId: string) {
  return queryRows<{ data: Record<string, unknown> }>(
    suite.ctx.db,
    sql`SELECT data FROM webhook_events
        WHERE type = ${type} AND coalesce(data->>'product_id', data->>'id') = ${productId}`,
  );
}

describe('product events from staff changes', () => {
  it('a variant PATCH queues one product.updated with the product as saved', async () => {
    const shirt = await createProduct(suite.ctx.db, { name: 'Shirt' });
    const { values } = await createOption(suite.ctx.db, shirt.id, 'size', ['S']);
    const variant = await createVariant(suite.ctx.db, shirt.id, [values[0]!.id], { price: 2000 });
    const res = await asAdmin('PATCH', `/api/admin/products/${shirt.id}/variants/${variant.id}`, {
      price: 2500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await eventsFor('product.updated', shirt.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ object: 'product', id: shirt.id, name: 'Shirt' });
  });

  it('an image upload queues one product.updated; a refused one queues none', async () => {
    const mug = await createProduct(suite.ctx.db, { name: 'Mug' }, { images: 0 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c81e1e' } })
      .png()
      .toBuffer();
    const upload = (body: Buffer) =>
      suite.ctx.app.inject({
        method: 'POST',
        url: `/api/admin/products/${mug.id}/images/upload`,
        headers: { cookie: suite.admin.cookie, 'content-type': 'image/png' },
        payload: body,
      });
    expect((await upload(Buffer.from('not a png'))).statusCode).toBe(400);
    expect(await eventsFor('product.updated', mug.id)).toHaveLength(0);
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventsFor('product.updated', mug.id)).toHaveLength(1);
  });

  it('a CSV import queues product.created for a new product and product.updated for a changed one', async () => {
    const lamp = await createProduct(suite.ctx.db, { name: 'Lamp', sku: 'CSV-LAMP' });
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import?dry_run=false',
      headers: { cookie: suite.admin.cookie, 'content-type': 'text/csv' },
      payload: 'sku,name,price\nCSV-LAMP,Lamp Deluxe,30.00\nCSV-NEW,Brand New,12.00\n',
    });
    expect(res.json()).toMatchObject({ ok: true, products: { created: 1, updated: 1 } });
    expect((await eventsFor('product.updated', lamp.id)).map((e) => e.data.name)).toEqual(['Lamp Deluxe']);
    const created = await queryRows<{ data: { sku: string } }>(
      suite.ctx.db,
      sql`SELECT data FROM webhook_events WHERE type = 'product.created'`,
    );
    expect(created.map((e) => e.data.sku)).toEqual(['CSV-NEW']);
  });

  it('a stock edit to the warning level or under queues inventory.low once per crossing', async () => {
    const candle = await createProduct(suite.ctx.db, {
      name: 'Candle',
      inventoryLevel: 9,
      inventoryWarningLevel: 5,
    });
    const setStock = (inventory_level: number) =>
      asAdmin('PATCH', `/api/admin/products/${candle.id}`, { inventory_level });
    expect((await setStock(6)).statusCode).toBe(200); // above the warning level
    expect(await eventsFor('inventory.low', candle.id)).toHaveLength(0);
    expect((await setStock(3)).statusCode).toBe(200); // crosses it
    expect((await setStock(2)).statusCode).toBe(200); // already low: no second event
    const events = await eventsFor('inventory.low', candle.id);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        object: 'inventory_level',
        product_id: candle.id,
        variant_id: null,
        inventory_level: 3,
        inventory_warning_level: 5,
      }),
    ]);
  });
});
