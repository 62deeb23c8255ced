import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

// A merchant moving from Shopify or WooCommerce (docs/product.md): their product CSV export goes
// through the back office's Import dialog, which says which format it read and what each row
// becomes; the products, their variants and prices then show in the store, and Shopify's old
// product addresses lead to the new pages.

const MANAGER = { email: 'manager@example.com', password: 'demo1234' };
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function importFile(page: Page, name: string, format: string, rows: number) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: MANAGER });
  expect(res.ok()).toBe(true);
  await page.goto('/admin/products');
  // Exact: product rows ("Select Imported ...") have buttons whose names contain "Import" too.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await dialog.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: fixture(name) });
  await expect(dialog.getByTestId('import-format')).toContainText(`Read as a ${format}`);
  await expect(dialog.getByTestId('import-ready')).toContainText(`All ${rows} rows are valid`);
  return dialog;
}

/** Picks a value of a drop-down option on the product page. */
const choose = (page: Page, option: string, value: string) =>
  page.getByTestId('variant-picker').getByLabel(option).selectOption({ label: value });

test.describe('Import from other shops', () => {
  // Two pages (the back office, then the store) with several steps each: more than the default 30 s
  // when the machine is busy.
  test.describe.configure({ timeout: 120_000 });

  test('a Shopify export with options and variants imports and shows in the store', async ({ page }) => {
    const dialog = await importFile(page, 'shopify-products.csv', 'Shopify product CSV', 4);
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview).toContainText('Size: M / Color: Sand');
    await expect(preview).toContainText('harbor-linen-shirt-m-sand');
    await expect(preview).toContainText('$60.00 (sale $48.00)');
    await dialog.getByRole('button', { name: 'Import 4 rows' }).click();
    await expect(page.getByText('Imported 2 products and 3 variants')).toBeVisible();

    // The old Shopify address leads to the product's page here.
    await page.goto('/products/harbor-linen-shirt');
    await expect(page).toHaveURL(/\/product\/harbor-linen-shirt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbor Linen Shirt' })).toBeVisible();
    await expect(page.getByText('A breezy linen shirt & a relaxed fit.')).toBeVisible();
    await choose(page, 'Size', 'S');
    await choose(page, 'Color', 'Sand');
    await expect(page.getByTestId('product-price')).toContainText('$48.00');
    await expect(page.getByTestId('product-price')).toContainText('$60.00');
    await expect(page.getByTestId('product-sku')).toHaveText('HLS-S-SAND');
    await choose(page, 'Size', 'M');
    await expect(page.getByTestId('product-sku')).toHaveText('harbor-linen-shirt-m-sand');
    await expect(page.getByTestId('product-price')).toHaveText('$48.00');

    await page.goto('/product/driftwood-candle');
    await expect(page.getByRole('heading', { level: 1, name: 'Driftwood Candle' })).toBeVisible();
    await expect(page.getByTestId('product-price')).toContainText('$18.50');
    await expect(page.getByTestId('product-price')).toContainText('$22.00');
  });

  test('a WooCommerce export with a variable product imports and shows in the store', async ({ page }) => {
    const dialog = await importFile(page, 'woocommerce-products.csv', 'WooCommerce product CSV', 4);
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview).toContainText('Color: Clay / Size: M');
    await expect(preview).toContainText('MH-clay-m');
    await dialog.getByRole('button', { name: 'Import 4 rows' }).click();
    await expect(page.getByText('Imported 2 products and 2 variants')).toBeVisible();

    await page.goto('/product/meadow-hoodie');
    await expect(page.getByRole('heading', { level: 1, name: 'Meadow Hoodie' })).toBeVisible();
    await choose(page, 'Color', 'Moss');
    await choose(page, 'Size', 'S');
    await expect(page.getByTestId('product-sku')).toHaveText('MH-MOSS-S');
    await expect(page.getByTestId('product-price')).toContainText('$45.00');
    await expect(page.getByTestId('product-price')).toContainText('$55.00');
    await choose(page, 'Color', 'Clay');
    await choose(page, 'Size', 'M');
    await expect(page.getByTestId('product-sku')).toHaveText('MH-clay-m');
    await expect(page.getByTestId('product-price')).toHaveText('$58.00');

    await page.goto('/product/cedar-mug');
    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Mug' })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText('$14.00');
  });
});
