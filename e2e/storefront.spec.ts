import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { watchLayoutShift } from './layout-shift.ts';

interface ListedProduct {
  slug: string;
  name: string;
  price: number;
  sale_price: number | null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

test.describe('Storefront browsing', () => {
  test('the home page shows featured and latest products, and a card opens its product page', async ({
    page,
  }) => {
    await page.goto('/');

    const featured = page.getByRole('region', { name: 'Featured Products' });
    const latest = page.getByRole('region', { name: 'Latest Products' });
    await expect(featured.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await expect(latest.getByRole('heading', { name: 'Latest Products' })).toBeVisible();

    const featuredCards = featured.getByTestId('product-card');
    const latestCards = latest.getByTestId('product-card');
    await expect(featuredCards.first()).toBeVisible();
    await expect(latestCards.first()).toBeVisible();
    expect(await featuredCards.count()).toBeGreaterThanOrEqual(1);
    expect(await latestCards.count()).toBeGreaterThanOrEqual(1);

    const card = latestCards.first();
    const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/product\/[^/]+$/);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  });

  test('a product page opened directly by its URL shows the name and the price', async ({
    page,
    request,
  }) => {
    const response = await request.get('/api/products?limit=1');
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { items: ListedProduct[] };
    const product = body.items[0];
    expect(product, 'the demo shop has at least one product').toBeDefined();
    if (!product) return;

    await page.goto(`/product/${encodeURIComponent(product.slug)}`);

    await expect(page.getByRole('heading', { level: 1, name: product.name, exact: true })).toBeVisible();
    const onSale =
      product.sale_price !== null && product.sale_price > 0 && product.sale_price < product.price;
    const shown = usd.format((onSale ? product.sale_price! : product.price) / 100);
    await expect(page.getByRole('main').getByText(shown, { exact: true }).first()).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });

  // The server's page must be whole: a part React streamed in later comes with an inline script the
  // shop's CSP blocks, and the browser then throws the part away and renders it again (error #419).
  test('the first pages arrive whole and hydrate without an error in the console', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of [
      '/',
      '/products',
      '/categories/apparel',
      '/product/everyday-organic-tee',
      '/checkout',
    ]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<!--\$[?!]-->/);
      expect(html, path).not.toMatch(/<script>/);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The hearts' own code has replaced the server's empty ones (it loads after hydration).
    await page.goto('/products');
    await expect(page.getByTestId('wishlist-heart').first()).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  // A slow network delivers a page in pieces, and the browser may paint what it has parsed: the
  // header without its actions, a grid row without its last card. Everything then moves.
  test('a page whose HTML arrives in two pieces is painted whole: nothing on it moves', async ({
    page,
    baseURL,
  }) => {
    const upstream = new URL(baseURL!);
    // Forwards everything to the shop; a page's HTML is cut in the header and its rest sent a second later.
    const proxy = createServer((req, res) => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = answer.headers;
            res.writeHead(answer.statusCode ?? 502, headers);
            const cut = body.indexOf('</search>');
            if (!String(answer.headers['content-type']).startsWith('text/html') || cut < 0)
              return res.end(body);
            res.write(body.subarray(0, cut));
            setTimeout(() => res.end(body.subarray(cut)), 1000);
          });
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    try {
      await watchLayoutShift(page);
      for (const path of ['/products?category=lighting', '/product/everyday-organic-tee']) {
        await page.goto(`http://127.0.0.1:${port}${path}`);
        await page.waitForLoadState('networkidle');
        const shifted = await page.evaluate(() => window.__shifted);
        expect(await page.evaluate(() => window.__layoutShift), `${path}\n${shifted.join('\n')}`).toBe(0);
      }
    } finally {
      proxy.close();
      proxy.closeAllConnections();
    }
  });
});

test.describe('Search engines and sharing', () => {
  test('a product URL answers with the product in the HTML head, before any script runs', async ({
    request,
  }) => {
    const response = await request.get('/product/everyday-organic-tee');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Everyday Organic Tee | Cartwheel Store</title>');
    expect(html).toMatch(/<meta property="og:title" content="Everyday Organic Tee"\/>/);
    expect(html).toMatch(/<meta property="og:type" content="product"\/>/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/demo-images\/[^"]+"\/>/);
    expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/product\/everyday-organic-tee"\/>/);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(ld?.[1] ?? '{}')).toMatchObject({
      '@type': 'Product',
      name: 'Everyday Organic Tee',
      offers: { priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // Still the app: its script is there.
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
  });

  test("a product page's HTML names its route's code, so the browser fetches it with the page", async ({
    request,
  }) => {
    const html = await (await request.get('/product/everyday-organic-tee')).text();
    const entry = /<script type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    // The entry loads the product page's module when the address is a product's.
    const entryCode = await (await request.get(entry ?? '')).text();
    const routeChunk = /import\(["'`]\.\/(product-[\w-]+\.js)["'`]\)/.exec(entryCode)?.[1];
    expect(routeChunk).toBeDefined();
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${routeChunk}">`);
  });

  test('robots.txt points at a sitemap that lists the products', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /api');
    expect(robots).toMatch(/Sitemap: http\S+\/sitemap\.xml/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>http[^<]+\/product\/everyday-organic-tee<\/loc><lastmod>/);
  });

  test('a product card says "Out of stock" when none of the product is left, and only then', async ({
    page,
    baseURL,
  }) => {
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'manager@example.com', password: 'demo1234' },
    });
    expect(signIn.ok()).toBe(true);
    const tag = `STOCK${Date.now().toString(36).toUpperCase()}`;
    for (const [suffix, inventory_level] of [
      ['Gone', 0],
      ['Left', 4],
    ] as const) {
      const res = await page.request.post('/api/admin/products', {
        headers: { origin: baseURL! },
        data: { name: `Card Lamp ${tag} ${suffix}`, sku: `${tag}-${suffix}`, price: 1500, inventory_level },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/products?search=${tag}`);
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    await expect(cards.filter({ hasText: `${tag} Gone` })).toContainText('Out of stock');
    await expect(cards.filter({ hasText: `${tag} Left` })).not.toContainText('Out of stock');
  });
});
