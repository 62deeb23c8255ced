import { expect, test } from '@playwright/test';
import { srcsetWidths, watchLayoutShift } from './layout-shift.ts';

test.describe('Responsive images', () => {
  test.beforeEach(({ page }) => watchLayoutShift(page));

  test('the product page main image offers AVIF and WebP in at least three widths, has its size, and never moves', async ({
    page,
    request,
  }) => {
    const list = await (await request.get('/api/products?limit=1&sort=name')).json();
    const slug: string = list.items[0].slug;
    await page.goto(`/product/${slug}`);
    const main = page.getByTestId('product-main-image');
    await expect(main).toBeVisible();

    expect(srcsetWidths(await main.getAttribute('srcset')).length).toBeGreaterThanOrEqual(3);
    await expect(main).toHaveAttribute('width', '800');
    await expect(main).toHaveAttribute('height', '800');
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('loading', 'eager');
    const avif = page.locator('picture source[type="image/avif"]').first();
    expect(srcsetWidths(await avif.getAttribute('srcset')).length).toBeGreaterThanOrEqual(3);

    // The browser picked a copy, not the single original, and it loaded.
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-\d+\.avif$/);

    await page.waitForLoadState('networkidle');
    // Nothing on the page moves: not the image, nor the header while its category menu loads.
    const shifted = await page.evaluate(() => window.__shifted);
    expect(await page.evaluate(() => window.__imagesShifted), shifted.join('\n')).toBe(0);
    expect(await page.evaluate(() => window.__layoutShift), shifted.join('\n')).toBe(0);
  });

  test("the product page downloads its main image once: the server's copy is the one the app shows", async ({
    page,
    request,
  }) => {
    // A demo lamp: its images have copies (other specs' products may not).
    const list = await (await request.get('/api/products?category=lighting&limit=50')).json();
    const card = (list.items as Array<{ slug: string; image: { variants: unknown[] | null } | null }>).find(
      (p) => p.image?.variants?.length,
    );
    expect(card, 'a demo lamp with image copies').toBeTruthy();
    const product = await (await request.get(`/api/products/${card!.slug}`)).json();
    const first = product.images[0] as { url: string; variants: Array<{ avif: string; webp: string }> };
    const files = new Set([first.url, ...first.variants.flatMap((v) => [v.avif, v.webp])]);
    const fetched: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (files.has(path)) fetched.push(path);
    });

    await page.goto(`/product/${card!.slug}`);
    const main = page.getByTestId('product-main-image');
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const shown = await main.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(fetched).toEqual([shown]);
  });

  test('the catalog loads its first cards at once and the others lazily, and no card moves', async ({
    page,
  }) => {
    // A category only the demo shop's products are in: other specs add products without images
    // (an import of 50 made the whole first page of the newest products imageless).
    await page.goto('/products?category=lighting');
    const images = page.getByTestId('product-card').locator('img');
    await expect(images.nth(3)).toBeAttached();
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(3)).toHaveAttribute('loading', 'lazy');
    // Newest first: other specs' products (added by URL, or without images) can come first, so the
    // copies are checked on the first card whose image has them.
    const copied = page.getByTestId('product-card').locator('img[srcset*=","]').first();
    expect(srcsetWidths(await copied.getAttribute('srcset')).length).toBeGreaterThanOrEqual(3);
    await expect(copied).toHaveAttribute('width', '400');
    await page.waitForLoadState('networkidle');
    // The cards' boxes never move as their images load. (The catalog's filters arriving after the
    // first paint can still move the page around them: that is the page's layout, not its images.)
    const shifted = await page.evaluate(() => window.__shifted);
    expect(await page.evaluate(() => window.__imagesShifted), shifted.join('\n')).toBe(0);
  });

  test("the cart panel's thumbnails offer AVIF and WebP copies for their 72 px box", async ({ page }) => {
    test.setTimeout(60_000);
    // A demo-shop category: its products' images have copies (others' imports may not).
    const list = await (await page.request.get('/api/products?category=lighting&limit=50')).json();
    const product = (
      list.items as Array<{
        slug: string;
        variant_count: number;
        inventory_level: number;
        image: { variants: unknown[] | null } | null;
      }>
    ).find((p) => p.variant_count === 0 && p.inventory_level > 0 && p.image?.variants?.length);
    expect(product, 'a demo lamp without variants, in stock, with image copies').toBeTruthy();
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByTestId('cart-button').click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    const thumbnail = panel.getByTestId('cart-line').locator('img');
    await expect(thumbnail).toHaveAttribute('srcset', /\s320w/);
    expect(srcsetWidths(await thumbnail.getAttribute('srcset')).length).toBeGreaterThanOrEqual(2);
    await expect(thumbnail).toHaveAttribute('sizes', '72px');
    await expect(thumbnail).toHaveAttribute('width', '72');
    await expect(thumbnail).toHaveAttribute('height', '72');
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    const avif = panel.getByTestId('cart-line').locator('picture source[type="image/avif"]');
    expect(srcsetWidths(await avif.getAttribute('srcset')).length).toBeGreaterThanOrEqual(2);
    // A copy, not the original (Chromium may take a wider copy it already has from the product page).
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/-\d+\.avif$/);
  });
});
