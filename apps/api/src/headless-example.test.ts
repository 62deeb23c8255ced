import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHeadless } from '../../../examples/headless/src/shop.ts';
import { freePort } from '../test/server-process.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { seedDemoShop } from './db/seed/demo-shop.ts';
import { ensureShippingZones } from './modules/shipping/default-zones.ts';

// The example against a listening server over real HTTP: only @cartwheel/sdk between them.
describe('examples/headless', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({ PUBLIC_URL: baseUrl });
    await seedDemoShop(ctx.db);
    await ensureShippingZones(ctx.db, ctx.config.checkout, 'demo');
    await ctx.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => ctx?.close());

  it('lists products, fills a cart and opens a checkout', async () => {
    const lines: string[] = [];
    const run = await runHeadless(baseUrl, (line) => lines.push(line));
    expect(run.total).toBeGreaterThan(0);
    expect(run.cart.lines).toBe(1);
    expect(run.cart.subtotal).toBeGreaterThan(0);
    expect(new URL(run.checkoutUrl, baseUrl).pathname).toMatch(/^\/(pay|checkout)\//);
    expect(lines.at(-1)).toContain('Checkout open');
  });
});
