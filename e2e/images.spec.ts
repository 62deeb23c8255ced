import { expect, test } from '@playwright/test';

declare global {
  interface Window {
    __layoutShift: number;
    __shifted: string[];
    __imagesShifted: number;
  }
}

/** Widths named in a srcset ("a.webp 320w, b.webp 640w" -> [320, 640]). */
const srcsetWidths = (srcset: string | null) =>
  (srcset ?? '')
    .split(',')
    .map((part) => Number(/\s(\d+)w$/.exec(part.trim())?.[1]))
    .filter((w) => w > 0);

test.describe('Responsive images', () => {
  test.beforeEach(async ({ page }) => {
    // Sums every layout shift not caused by input, from the first paint on (Cumulative Layout Shift).
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      window.__shifted = [];
      window.__imagesShifted = 0;
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node | null }>;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          window.__layoutShift += entry.value;
          // What moved, for the failure message.
          for (const source of entry.sources) {
            const node = source.node as HTMLElement | null | undefined;
            if (node?.closest?.('picture, img, [data-testid="product-card"]')) window.__imagesShifted += 1;
            window.__shifted.push(`${node?.nodeName} ${node?.className} ${node?.textContent?.slice(0, 40)}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });

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
});
