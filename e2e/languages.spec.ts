import { expect, test } from '@playwright/test';

// The storefront in the shopper's language (decision 0068): a German browser's first visit
// lands on /de/ with German text; the language picker switches the same page to Japanese.

/** A product of the demo shop, from the API. */
async function someProductSlug(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const res = await request.get('/api/products?limit=1');
  expect(res.ok()).toBe(true);
  return (await res.json()).items[0].slug;
}

test.describe('Storefront languages', () => {
  test.use({ locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } });

  test('a German browser sees German and the picker switches to Japanese', async ({ page, request }) => {
    const slug = await someProductSlug(request);
    await page.goto(`/product/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/de/product/${slug}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'In den Warenkorb' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Produkte' }),
    ).toHaveAttribute('href', '/de/products');

    await page.getByRole('combobox', { name: 'Land und Sprache' }).last().selectOption('ja');
    await expect(page).toHaveURL(new RegExp(`/ja/product/${slug}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();

    // The choice is remembered: an unprefixed address now opens in Japanese.
    await page.goto('/products');
    await expect(page).toHaveURL(/\/ja\/products$/);
    await expect(
      page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '商品一覧' }),
    ).toBeVisible();
  });
});
