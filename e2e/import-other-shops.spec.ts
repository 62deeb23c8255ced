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

/**
 * Picks a value of a drop-down option on the product page. A choice made before the page hydrates is
 * undone by hydration (React sets the select back to its state), so the first waits for it.
 */
const choose = async (page: Page, option: string, value: string) => {
  await page.waitForLoadState('networkidle');
  await page.getByTestId('variant-picker').getByLabel(option).selectOption({ label: value });
};

test.describe('Import from other shops', () => {
  // Two pages (the back office, then the store) with several steps each: more than the default 30 s
  // when the machine is busy.
  test.describe.configure({ timeout: 120_000 });

  test('a Shopify export with options and variants imports and shows in the store', async ({ page }) => {
    // Shopify's whole export: every column, an image-only row, a multi-line quoted description, a draft.
    const dialog = await importFile(page, 'shopify-export.csv', 'Shopify product CSV', 7);
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview).toContainText('Size: M / Color: Slate');
    await expect(preview).toContainText('coastal-rain-jacket-m-slate');
    await expect(preview).toContainText('$120.00 (sale $89.00)');
    await expect(preview).toContainText('Coastal Rain Jacket | Waterproof, packable shell');
    await dialog.getByRole('button', { name: 'Import 7 rows' }).click();
    await expect(page.getByText('Imported 3 products and 4 variants')).toBeVisible();

    // The export's image addresses are on this machine (127.0.0.1), which a shop never fetches from:
    // the background fetch refuses each at its first try and says why on the product, so no job is
    // left retrying a network error (the Jobs page's "No failed jobs." does not depend on it).
    const found = await page.request.get('/api/admin/products?search=Coastal%20Rain%20Jacket');
    const jacket = (await found.json()).items.find((p: { name: string }) => p.name === 'Coastal Rain Jacket');
    await page.goto(`/admin/products/${jacket.id}`);
    const refused = page.getByTestId('image-import-errors');
    await expect(refused).toContainText('3 imported images could not be added');
    await expect(refused).toContainText(
      'http://127.0.0.1/cdn.shopify/files/crj-olive.jpg: The image address is on a private, loopback or link-local network (127.0.0.1)',
    );

    // The old Shopify address leads to the product's page here, titled by its SEO title.
    await page.goto('/products/coastal-rain-jacket');
    await expect(page).toHaveURL(/\/product\/coastal-rain-jacket$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coastal Rain Jacket' })).toBeVisible();
    await expect(page).toHaveTitle(/^Coastal Rain Jacket \| Waterproof, packable shell \| /);
    await expect(page.getByText('Our "storm-ready" shell: taped seams')).toBeVisible();
    await choose(page, 'Size', 'S');
    await choose(page, 'Color', 'Olive');
    await expect(page.getByTestId('product-price')).toContainText('$89.00');
    await expect(page.getByTestId('product-price')).toContainText('$120.00');
    await expect(page.getByTestId('product-sku')).toHaveText('CRJ-S-OLV');
    await choose(page, 'Size', 'M');
    await choose(page, 'Color', 'Slate');
    await expect(page.getByTestId('product-sku')).toHaveText('coastal-rain-jacket-m-slate');
    await expect(page.getByTestId('product-price')).toHaveText('$95.00');

    await page.goto('/product/stoneware-pour-over');
    await expect(page.getByRole('heading', { level: 1, name: 'Stoneware Pour-Over' })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText('$34.00');
    // Status draft stays out of the store.
    await page.goto('/product/field-notebook-3-pack');
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  });

  test('a WooCommerce export with variable products imports and shows in the store', async ({ page }) => {
    // WooCommerce's exporter header; variations name their parent by SKU and by id:NN.
    const dialog = await importFile(page, 'woocommerce-export.csv', 'WooCommerce product CSV', 8);
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview).toContainText('Color: Sand / Size: M');
    await expect(preview).toContainText('TRAIL-TEE-SAND-M');
    await expect(preview).toContainText('Trail Tee, merino blend');
    await dialog.getByRole('button', { name: 'Import 8 rows' }).click();
    await expect(page.getByText('Imported 4 products and 4 variants')).toBeVisible();

    await page.goto('/product/trail-tee');
    await expect(page.getByRole('heading', { level: 1, name: 'Trail Tee' })).toBeVisible();
    await choose(page, 'Color', 'Forest');
    await choose(page, 'Size', 'S');
    await expect(page.getByTestId('product-sku')).toHaveText('TRAIL-TEE-FOREST-S');
    await expect(page.getByTestId('product-price')).toContainText('$29.00');
    await expect(page.getByTestId('product-price')).toContainText('$36.00');
    await choose(page, 'Color', 'Sand');
    await choose(page, 'Size', 'M');
    await expect(page.getByTestId('product-sku')).toHaveText('TRAIL-TEE-SAND-M');
    await expect(page.getByTestId('product-price')).toHaveText('$38.00');

    await page.goto('/product/canvas-tote');
    await expect(page.getByRole('heading', { level: 1, name: 'Canvas Tote' })).toBeVisible();
    // Backordered in WooCommerce (stock -1): out of stock here.
    await expect(page.getByTestId('variant-picker').getByLabel('Color')).toContainText(
      'Black (Out of stock)',
    );
    await choose(page, 'Color', 'Natural');
    await expect(page.getByTestId('product-sku')).toHaveText('TOTE-NAT');
    await expect(page.getByTestId('product-price')).toHaveText('$42.00');

    await page.goto('/product/enamel-trail-mug');
    await expect(page.getByRole('heading', { level: 1, name: 'Enamel Trail Mug' })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText('$16.00');
  });
});
