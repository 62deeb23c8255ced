import { randomUUID } from 'node:crypto';
import { createCartwheelClient } from '@cartwheel/sdk';

export interface HeadlessRun {
  /** Products the shop lists. */
  total: number;
  /** What the cart holds, as the shop priced it (minor units of `currency`). */
  cart: { lines: number; subtotal: number; currency: string };
  /** Where the shopper pays: the payment page of the checkout just opened. */
  checkoutUrl: string;
}

/** Lists the catalog, fills a cart with the first product in stock and opens a guest checkout. */
export async function runHeadless(
  baseUrl: string,
  log: (line: string) => void = console.log,
): Promise<HeadlessRun> {
  // Outside a browser: the client keeps the shop's cookies (the guest checkout is bound to one).
  const shop = createCartwheelClient({ baseUrl, cookies: 'memory' });

  const page = await shop.store.get('/api/products', { params: { query: { limit: 10 } } });
  log(`${page.total} products; the first ${page.items.length}:`);
  for (const card of page.items) log(`  ${card.name} (${card.price} ${page.currency})`);

  const card = page.items.find((item) => item.inventory_level > 0);
  if (!card) throw new Error('Nothing in stock to buy.');
  const product = await shop.store.get('/api/products/{slug}', { params: { path: { slug: card.slug } } });
  const variant = product.variants.find((v) => v.inventory_level > 0);
  const lines = [{ product_id: product.id, variant_id: variant?.id ?? null, quantity: 2 }];

  const cart = await shop.store.post('/api/cart/preview', { body: { items: lines } });
  log(
    `Cart: ${cart.item_count} × ${product.name}${variant ? ` (${variant.title})` : ''}, ${cart.subtotal} ${cart.currency}`,
  );

  const checkout = await shop.store.post('/api/checkout/sessions', {
    body: {
      customer_info: {
        email: 'headless@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        address: '1 Main Street',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        state: 'IL',
      },
      guest: { checkout_key: randomUUID(), lines },
    },
  });
  log(`Checkout open: pay at ${checkout.url}`);
  return {
    total: page.total,
    cart: { lines: cart.items.length, subtotal: cart.subtotal, currency: cart.currency ?? page.currency },
    checkoutUrl: checkout.url,
  };
}
