import { expect, test } from '@playwright/test';
import { hold } from './shop-helpers.ts';

// Slow networks (docs/product.md#home, #product-editor): what a page shows while its data is on the way.
// Requests are held with page.route until the test lets them go.

test.describe('Loading states', () => {
  test('the home page arrives with its products in the HTML, and the app takes over without asking for them again', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/products') asked.push(url.search);
    });
    const releaseScripts = await hold(
      page,
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    );
    // 'commit': module scripts run before DOMContentLoaded, and these are held.
    await page.goto('/', { waitUntil: 'commit' });

    const featured = page.getByRole('region', { name: 'Featured Products' });
    const latest = page.getByRole('region', { name: 'Latest Products' });
    // Before any script has run: the server's page, products and all, no skeletons.
    await expect(featured.getByTestId('product-card').first()).toBeVisible();
    await expect(latest.getByTestId('product-card').last()).toBeVisible();
    await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0);

    // The app hydrates the same page from the answers the server sent with it.
    releaseScripts();
    await page.waitForLoadState('networkidle');
    await expect(featured.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test("the product editor's brand and categories show skeletons, not 'No brand' or 'Hidden category', while their lists load", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'manager@example.com', password: 'demo1234' },
    });
    expect(signIn.ok()).toBe(true);
    // The oldest products are the demo shop's (the newest may be those other specs create, without a brand).
    const list = await page.request.get('/api/admin/products?limit=50&sort=created_at&order=asc');
    const { items } = (await list.json()) as {
      items: {
        id: string;
        name: string;
        brand: { id: string; name: string } | null;
        categories: { name: string }[];
      }[];
    };
    // The last of them: other specs pick demo products from the start of the list.
    const product = items.filter((p) => p.brand !== null && p.categories.length > 0).at(-1);
    expect(product, 'the demo shop has a product with a brand and categories').toBeDefined();
    const { brand, categories } = product as {
      brand: { id: string; name: string };
      categories: { name: string }[];
    };

    const releaseLists = await hold(
      page,
      (url) => url.pathname === '/api/brands' || url.pathname === '/api/categories',
    );
    await page.goto(`/admin/products/${product!.id}`);
    await expect(page.getByLabel('Product name', { exact: true })).toHaveValue(product!.name, {
      timeout: 20_000,
    });
    const organization = page.getByTestId('organization-card');
    await expect(organization.getByTestId('brand-skeleton')).toBeVisible();
    await expect(organization.getByTestId('categories-skeleton')).toBeVisible();
    await expect(organization.getByRole('status')).toHaveText(['Loading brands...', 'Loading categories...']);
    await expect(page.getByText('Hidden category')).toHaveCount(0);
    await expect(organization.getByRole('combobox', { name: 'Brand' })).toHaveCount(0);

    releaseLists();
    const brandSelect = organization.getByRole('combobox', { name: 'Brand' });
    await expect(brandSelect).toHaveValue(brand.id);
    await expect(brandSelect.locator('option:checked')).toHaveText(brand.name);
    const chosen = organization.getByRole('list', { name: 'Chosen categories' });
    for (const category of categories) await expect(chosen).toContainText(category.name);
    await expect(chosen).not.toContainText('Hidden category');
    await expect(organization.getByTestId('brand-skeleton')).toHaveCount(0);
  });
});
