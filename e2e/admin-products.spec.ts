import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

// A manager's product journey in the back office (docs/product.md#product-editor): create a product with
// two options, generate its variants, edit one, use the AI rewrite and revert it, upload an image and see
// it all in the store; import a CSV (errors by line first, nothing written), fix it, import; export.

const MANAGER = { email: 'manager@example.com', password: 'demo1234' };

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: MANAGER });
  expect(res.ok()).toBe(true);
}

/** The API's view of products whose name or SKU contains `search`. */
async function countProducts(page: Page, search: string): Promise<number> {
  const res = await page.request.get(`/api/admin/products?search=${encodeURIComponent(search)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).total;
}

test.describe('Back-office products', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a manager builds a product with options, variants, AI copy and an image, and the store shows it', async ({
    page,
  }) => {
    // The longest journey in the suite; on the shared 2-core machine it has taken up to 2.2 minutes.
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36).toUpperCase();
    const sku = `E2E-MUG-${suffix}`;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await expect(page.getByTestId('products-count')).toContainText('products');
    await expect(page.getByTestId('data-table-row').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/admin-products-1280.png' });

    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByText('Product must be saved before generating variants').first()).toBeVisible();

    // The product rules' messages on an empty save (docs/product.md#product-rules).
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product name is required')).toBeVisible();
    await expect(page.getByText('SKU is required')).toBeVisible();

    await page.getByLabel('Product name', { exact: true }).fill(`Trail Camp Mug ${suffix}`);
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    const messy = 'a enamel mug,holds 350ml.its great for camping';
    await page.getByLabel('Description', { exact: true }).fill(messy);
    await page.getByLabel('Price ($)', { exact: true }).fill('12.50');
    await page.getByLabel('Inventory', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Categories', exact: true }).click();
    await page.getByRole('menuitemcheckbox').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').pop()!;

    // AI rewrite (offline rules: no AI service is configured), then back to the original.
    await page.getByRole('button', { name: 'Improve with AI' }).click();
    await expect(page.getByText('Product improved successfully!')).toBeVisible();
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(
      "An enamel mug, holds 350 ml. It's great for camping.",
    );
    await expect(page.getByTestId('ai-notice')).toBeVisible();
    await expect(page.getByTestId('ai-mode')).toHaveText(
      'Offline suggestions (rules, no AI service configured)',
    );
    await page.getByTestId('ai-notice').screenshot({ path: 'test-results/screenshots/admin-ai-notice.png' });
    await page.getByRole('button', { name: 'Revert to Original' }).click();
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(messy);
    await expect(page.getByTestId('ai-notice')).toBeHidden();

    // Two options: Size (S, M, L with L +$2.00) and Color (Red, Blue).
    async function addOption(name: string, values: Array<[string, string?]>) {
      await page.getByRole('button', { name: 'Add option' }).click();
      const editor = page.getByRole('group', { name: 'New option' });
      await editor.getByLabel('Option name').fill(name);
      for (const [index, [label, adjustment]] of values.entries()) {
        await editor.getByRole('button', { name: 'Add value' }).click();
        await editor.getByLabel(`Value ${index + 1} label`).fill(label);
        if (adjustment) await editor.getByLabel(`Value ${index + 1} price adjustment ($)`).fill(adjustment);
      }
      await editor.getByRole('button', { name: 'Save option' }).click();
      await expect(page.getByText(`Option "${name}" saved`)).toBeVisible();
      await expect(page.getByRole('group', { name: `Option ${name}` })).toBeVisible();
    }
    await addOption('Size', [['S'], ['M'], ['L', '2']]);
    await addOption('Color', [['Red'], ['Blue']]);

    await page.getByRole('button', { name: 'Generate variants' }).click();
    await expect(page.getByText('Generated 6 variants successfully')).toBeVisible();
    await expect(page.getByTestId('variant-row')).toHaveCount(3 * 2);
    await expect(page.getByLabel('SKU of L / Blue', { exact: true })).toHaveValue(`${sku}-l-blue`);
    await expect(page.getByLabel('Price of L / Blue', { exact: true })).toHaveValue('14.50');

    // Inline edit of one variant's price.
    await page.getByLabel('Price of S / Red', { exact: true }).fill('19.99');
    await page.getByRole('button', { name: 'Save S / Red' }).click();
    await expect(page.getByText('Variant S / Red updated')).toBeVisible();

    // Upload an image (made on the spot).
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 110, b: 90 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('image-upload-input')
      .setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Image uploaded')).toBeVisible();
    await expect(page.getByTestId('product-image')).toHaveCount(1);
    await expect(page.getByTestId('product-image').getByText('Thumbnail')).toBeVisible();

    // After a reload everything is still there.
    await page.reload();
    await expect(page.getByLabel('Price of S / Red', { exact: true })).toHaveValue('19.99');
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(messy);

    // The storefront shows the product with its image and its variants.
    const stored = await (await page.request.get(`/api/admin/products/${productId}`)).json();
    expect(stored.variants).toHaveLength(6);
    const imageUrl: string = stored.images[0].url;
    expect(imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    await page.goto(`/product/${stored.slug}`);
    await expect(page.getByRole('heading', { name: `Trail Camp Mug ${suffix}`, level: 1 })).toBeVisible();
    await expect(page.locator(`img[src="${imageUrl}"]`).first()).toBeVisible();
    await expect(page.getByTestId('variant-picker')).toBeVisible();
    await expect(page.getByText('Size', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Color', { exact: true }).first()).toBeVisible();
    const storefront = await (await page.request.get(`/api/products/${stored.slug}`)).json();
    expect(storefront.variants).toHaveLength(6);
  });

  test('imports a CSV only when every row is valid, then exports the catalog', async ({ page }) => {
    test.setTimeout(120_000);
    const prefix = `CSV${Date.now().toString(36).toUpperCase()}`;
    const csv = (bad: boolean) => {
      const lines = ['sku,name,price,inventory_level,categories'];
      for (let i = 0; i < 50; i++) {
        const price = bad && i === 10 ? '-4.00' : `${(5 + i).toFixed(2)}`;
        const name = bad && i === 38 ? '' : `Imported ${prefix} ${i}`;
        lines.push(`${prefix}-${i},${name},${price},${i % 7},Home`);
      }
      return Buffer.from(`${lines.join('\n')}\n`);
    };

    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: csv(true) });
    const errors = dialog.getByTestId('import-errors');
    await expect(errors).toContainText('2 errors in 50 rows: nothing will be imported');
    await expect(errors).toContainText('Line 12 (price): Price must be 0 or greater');
    await expect(errors).toContainText('Line 40 (name): Product name is required');
    await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
    expect(await countProducts(page, prefix)).toBe(0);

    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'products-fixed.csv', mimeType: 'text/csv', buffer: csv(false) });
    await expect(dialog.getByTestId('import-ready')).toContainText('All 50 rows are valid');
    expect(await countProducts(page, prefix)).toBe(0);
    await dialog.getByRole('button', { name: 'Import 50 rows' }).click();
    await expect(page.getByText('Imported 50 products')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await countProducts(page, prefix)).toBe(50);

    await page.getByRole('searchbox', { name: 'Search products' }).fill(prefix);
    await expect(page.getByTestId('products-count')).toHaveText('50 products found');
    await expect(page.getByTestId('data-table-row').first()).toContainText(prefix);

    // Export the filtered list: a CSV download with the imported products.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = readFileSync((await file.path())!, 'utf8');
    const rows = content.trim().split('\n');
    expect(rows[0]).toMatch(/^sku,variant_of,name,/);
    expect(rows).toHaveLength(51);
    expect(content).toContain(`${prefix}-49,,Imported ${prefix} 49`);
  });

  test('the list searches, shows an empty state, duplicates, deletes behind a confirmation and undoes a delete', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/admin/products');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('no such product zzz');
    await expect(page.getByText('No products found')).toBeVisible();
    await expect(page.getByText('Try another name or SKU')).toBeVisible();

    await search.fill('Enamel Camp Mug');
    const row = page.getByTestId('data-table-row').filter({ hasText: 'Enamel Camp Mug' }).first();
    await expect(row).toBeVisible();
    await row.getByTestId('product-row-menu').click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText('Duplicated as "Enamel Camp Mug (Copy)" (Draft)')).toBeVisible();

    const copy = page.getByTestId('data-table-row').filter({ hasText: 'Enamel Camp Mug (Copy)' });
    await expect(copy).toContainText('Draft');
    await copy.getByTestId('product-row-menu').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete product?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await expect(copy).toHaveCount(0);

    // A delete is soft: the toast's Undo brings the copy back; then it goes for good.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Product restored')).toBeVisible();
    await expect(copy).toHaveCount(1);
    await copy.getByTestId('product-row-menu').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete product?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(copy).toHaveCount(0);
  });

  test('bulk actions edit price and inventory, set as featured and archive the selected products', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const prefix = `BULK${Date.now().toString(36).toUpperCase()}`;
    const ids: string[] = [];
    for (const n of [1, 2]) {
      // Outside a page, the request says which page it comes from, as the shop's own pages do.
      const res = await page.request.post('/api/admin/products', {
        headers: { origin: baseURL! },
        data: { name: `Bulk Lamp ${prefix} ${n}`, sku: `${prefix}-${n}`, price: 1000, inventory_level: 3 },
      });
      expect(res.status()).toBe(201);
      ids.push((await res.json()).id);
    }
    await page.goto(`/admin/products?search=${prefix}`);
    await expect(page.getByTestId('data-table-row')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all' }).check();

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Bulk edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk edit' });
    await dialog.getByLabel('Price ($)').fill('9.99');
    await dialog.getByLabel('Inventory').fill('0');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Updated 2 products')).toBeVisible();
    await expect(page.getByTestId('data-table-row').first()).toContainText('$9.99');
    await expect(page.getByTestId('data-table-row').first()).toContainText('Out of stock');

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Set as featured' }).click();
    await expect(page.getByText('Set 2 products as featured')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive selected' }).click();
    await page
      .getByRole('dialog', { name: 'Archive 2 products?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expect(page.getByText('Archived 2 products (now Draft)')).toBeVisible();
    await expect(page.getByTestId('data-table-row').filter({ hasText: 'Draft' })).toHaveCount(2);

    for (const id of ids) {
      const product = await (await page.request.get(`/api/admin/products/${id}`)).json();
      expect(product).toMatchObject({ price: 999, inventory_level: 0, is_featured: true, is_visible: false });
    }
  });
});
