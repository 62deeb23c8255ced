import { expect, test } from '@playwright/test';

// The storefront's pages are rendered on the server (decision 0059): with JavaScript off a shopper
// still sees the product and the catalog, and the links work.
test.use({ javaScriptEnabled: false });

test.describe('Without JavaScript', () => {
  test("a product page shows the product's name, price, images, variant choices and an add-to-cart form", async ({
    page,
    request,
  }) => {
    // A demo product with options (sizes or colours).
    const list = await (await request.get('/api/products?limit=100')).json();
    const withOptions = (list.items as { slug: string; variant_count: number }[]).find(
      (p) => p.variant_count > 1,
    );
    expect(withOptions, 'a demo product with variants').toBeTruthy();
    const product = await (await request.get(`/api/products/${withOptions!.slug}`)).json();

    const response = await page.goto(`/product/${product.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const title = (product.seo_title || product.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
    await expect(page.getByTestId('product-price')).toContainText('$');
    await expect(page.getByTestId('product-main-image')).toBeVisible();
    // Every option is offered, each value by name (a swatch's label or a menu's entry).
    for (const option of product.options as { display_name: string; values: { label: string }[] }[]) {
      await expect(page.locator('main')).toContainText(option.display_name);
      for (const value of option.values) {
        await expect(
          page
            .locator('main')
            .getByLabel(value.label)
            .or(page.getByRole('option', { name: value.label }))
            .first(),
        ).toBeAttached();
      }
    }
    const form = page.getByRole('form', { name: `Add ${product.name} to cart` });
    await expect(form).toBeVisible();
    await expect(form.getByRole('button', { name: /add to cart/i })).toBeVisible();
  });

  test('the catalog lists products with prices, and its paging and product links work', async ({ page }) => {
    await page.goto('/products');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText('$');
    await page.getByRole('link', { name: /next/i }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of/)).toBeVisible();
    const first = page.getByTestId('product-card').first();
    const name = (await first.getByRole('heading').first().textContent())?.trim() ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
