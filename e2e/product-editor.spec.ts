import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

// The product editor keeps unsaved work and asks before losing it, confirms what deletes, takes colour
// options as colours, and treats a product with variants as having their stock (docs/product.md#stock).

const MANAGER = { email: 'manager@example.com', password: 'demo1234' };

async function signIn(page: Page) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: MANAGER });
  expect(res.ok()).toBe(true);
}

/** A product made through the API, as the shop's own pages make them (with their origin). */
async function createProduct(page: Page, baseURL: string, body: Record<string, unknown>): Promise<string> {
  const res = await page.request.post('/api/admin/products', { headers: { origin: baseURL }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

test.describe('Product editor', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('colour values are colours, variant edits survive until saved, leaving asks first, deleting confirms', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36).toUpperCase();
    const sku = `ED-MUG-${suffix}`;
    const productId = await createProduct(page, baseURL!, {
      name: `Editor Mug ${suffix}`,
      sku,
      price: 1500,
      inventory_level: 5,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/products/${productId}`);

    // A colour option: the label's slug is not a colour, so it cannot be saved until one is picked.
    await page.getByRole('button', { name: 'Add option' }).click();
    const editor = page.getByRole('group', { name: 'New option' });
    await editor.getByLabel('Option name').fill('Color');
    await editor.getByLabel('Type').selectOption('color');
    await editor.getByRole('button', { name: 'Add value' }).click();
    await editor.getByLabel('Value 1 label').fill('Forest Green');
    await editor.getByRole('button', { name: 'Save option' }).click();
    await expect(editor.getByText('Choose a color for "Forest Green": a code like #1f3a5f')).toBeVisible();
    await editor.getByLabel('Value 1 value').fill('#2f4f3a');
    await expect(editor.getByLabel('Value 1 color')).toHaveValue('#2f4f3a');
    await editor.getByRole('button', { name: 'Save option' }).click();
    await expect(page.getByText('Option "Color" saved')).toBeVisible();

    // SKUs take the colour's name, not its code; generating again says nothing is new.
    await page.getByRole('button', { name: 'Generate variants' }).click();
    await expect(page.getByText('Generated 1 variant successfully')).toBeVisible();
    const sku1 = page.getByLabel('SKU of Forest Green', { exact: true });
    await expect(sku1).toHaveValue(`${sku}-forest-green`);

    // An edit left in its field stays through a refresh of the list (generating again).
    const inventory = page.getByLabel('Inventory of Forest Green', { exact: true });
    await inventory.fill('9');
    await page.getByLabel('Description', { exact: true }).click();
    await page.getByRole('button', { name: 'Generate variants' }).click();
    await expect(page.getByText('No new variants: every combination already has its variant')).toBeVisible();
    await expect(inventory).toHaveValue('9');
    await expect(page.getByTestId('variant-row')).toContainText('Unsaved changes');

    // Leaving asks first; staying keeps the edit.
    await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText('variant Forest Green');
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}$`));
    await expect(inventory).toHaveValue('9');

    // Saved, the product's stock is the variant's (read-only in the editor).
    await page.getByRole('button', { name: 'Save Forest Green' }).click();
    await expect(page.getByText('Variant Forest Green updated')).toBeVisible();
    const productStock = page.getByLabel('Inventory', { exact: true });
    await expect(productStock).toHaveValue('9');
    await expect(productStock).toHaveAttribute('readonly', '');
    await expect(page.getByText("The sum of the variants' stock: edit each variant below.")).toBeVisible();
    await expect(page.getByTestId('variants-total')).toContainText('9 in stock');

    // Deleting a variant asks first, with its name.
    await page.getByRole('button', { name: 'Delete Forest Green' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete variant Forest Green?' });
    await expect(confirm).toContainText(`${sku}-forest-green`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('variant-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete Forest Green' }).click();
    await confirm.getByRole('button', { name: 'Delete variant' }).click();
    await expect(page.getByText('Variant Forest Green deleted')).toBeVisible();
    await expect(page.getByTestId('variant-row')).toHaveCount(0);

    // An unsaved product field: leaving asks, and leaving anyway goes.
    await page.getByLabel('Description', { exact: true }).fill('Changed and not saved');
    await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
    await expect(leave).toContainText('the product details');
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    // The storefront sees a colour, not a slug.
    const store = await (await page.request.get(`/api/admin/products/${productId}/options`)).json();
    expect(store.items[0].values[0]).toMatchObject({ label: 'Forest Green', value: '#2f4f3a' });
  });

  test('a refused image says why beside the upload: size, type and dimensions', async ({ page, baseURL }) => {
    test.setTimeout(90_000); // a 50-megapixel PNG is made, sent and read in this test
    const suffix = Date.now().toString(36).toUpperCase();
    const productId = await createProduct(page, baseURL!, {
      name: `Refused Vase ${suffix}`,
      sku: `RV-${suffix}`,
    });
    await page.goto(`/admin/products/${productId}`);
    const input = page.getByTestId('image-upload-input');
    const refusal = page.getByTestId('image-upload-refusal');

    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(11 * 1024 * 1024),
    });
    await expect(refusal).toHaveText(
      'Could not add "huge.png": It is 11.0 MB, and images can be at most 10 MB',
    );

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(refusal).toHaveText(
      'Could not add "notes.txt": It is not a JPEG, PNG, WebP, GIF or AVIF image',
    );

    const wide = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
    await expect(refusal).toHaveText(
      'Could not add "wide.png": The image is 10000 × 5001 pixels: at most 50 megapixels can be uploaded',
    );
    await expect(page.getByText('No images yet.')).toBeVisible();
  });

  test('a reload or a closed tab with unsaved edits asks the browser to confirm', async ({
    page,
    baseURL,
  }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    const productId = await createProduct(page, baseURL!, {
      name: `Unload Lamp ${suffix}`,
      sku: `UL-${suffix}`,
    });
    await page.goto(`/admin/products/${productId}`);
    // Typed once the product is in the form (an edit typed before would be replaced by the loaded values),
    // with a click first: Chromium asks before unloading only a page the user has interacted with.
    await expect(page.getByLabel('Product name', { exact: true })).toHaveValue(`Unload Lamp ${suffix}`, {
      timeout: 20_000,
    });
    await page.getByLabel('Description', { exact: true }).click();
    await page.getByLabel('Description', { exact: true }).fill('Typed and not saved');
    // The guard listens for beforeunload a few renders after the edit: wait until a test event is
    // refused, or the tab could close before it listens (as on a loaded machine).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const event = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        }),
      )
      .toBe(true);
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const prompt = await dialog;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.accept();
  });

  test('bulk inventory on a product with variants sets each variant; archiving confirms with names and can be undone', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36).toUpperCase();
    const prefix = `STK${suffix}`;
    const id = await createProduct(page, baseURL!, {
      name: `Stock Tee ${prefix}`,
      sku: `${prefix}-TEE`,
      price: 2000,
      inventory_level: 12,
    });
    const headers = { origin: baseURL! };
    const option = await page.request.post(`/api/admin/products/${id}/options`, {
      headers,
      data: { name: 'Size', values: [{ label: 'S' }, { label: 'M' }] },
    });
    expect(option.status()).toBe(201);
    expect((await page.request.post(`/api/admin/products/${id}/variants/generate`, { headers })).ok()).toBe(
      true,
    );

    // New variants start at 0 (not the product's 12 each): the list shows their sum, not the product's own number.
    await page.goto(`/admin/products?search=${prefix}`);
    const row = page.getByTestId('data-table-row').filter({ hasText: `Stock Tee ${prefix}` });
    await expect(row).toContainText('Out of stock');
    await expect(row).toContainText('2 variants');

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Bulk edit' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk edit' });
    await expect(bulk).toContainText('the inventory is set on each variant');
    await bulk.getByLabel('Inventory').fill('4');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Updated 1 product (inventory set on 2 variants)')).toBeVisible();
    await expect(row).toContainText('8 in stock');
    const variants = await (await page.request.get(`/api/admin/products/${id}/variants`)).json();
    expect(variants.items.map((v: { inventory_level: number }) => v.inventory_level)).toEqual([4, 4]);

    // Archive asks first, naming the product, and the toast's Undo makes it Active again.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive selected' }).click();
    const archive = page.getByRole('dialog', { name: 'Archive 1 product?' });
    await expect(archive).toContainText(`"Stock Tee ${prefix}" will be set to Draft`);
    await archive.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('Archived 1 product (now Draft)')).toBeVisible();
    await expect(row).toContainText('Draft');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Set 1 product as Active')).toBeVisible();
    await expect(row).toContainText('Active');
    expect((await (await page.request.get(`/api/admin/products/${id}`)).json()).is_visible).toBe(true);
  });

  test("a variant's image is picked in the Variants card and shown when a shopper chooses the variant", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36).toUpperCase();
    const id = await createProduct(page, baseURL!, {
      name: `Image Tee ${suffix}`,
      sku: `IMG-${suffix}`,
      price: 2000,
    });
    const headers = { origin: baseURL! };
    // Two of the demo tee's pictures, linked by address.
    const tee = await (await page.request.get('/api/products/everyday-organic-tee')).json();
    const [first, second] = tee.images as Array<{ url: string }>;
    for (const image of [first!, second!]) {
      const res = await page.request.post(`/api/admin/products/${id}/images`, {
        headers,
        data: { url: image.url },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const option = await page.request.post(`/api/admin/products/${id}/options`, {
      headers,
      data: {
        name: 'Color',
        type: 'color',
        values: [
          { label: 'Navy', value: '#1f3a5f' },
          { label: 'Sage', value: '#8a9a7b' },
        ],
      },
    });
    expect(option.status(), await option.text()).toBe(201);
    const generated = await page.request.post(`/api/admin/products/${id}/variants/generate`, { headers });
    for (const variant of (await generated.json()).items as Array<{ id: string }>) {
      const res = await page.request.patch(`/api/admin/products/${id}/variants/${variant.id}`, {
        headers,
        data: { inventory_level: 3 },
      });
      expect(res.ok()).toBe(true);
    }

    await page.goto(`/admin/products/${id}`);
    const picker = page.getByLabel('Image of Sage', { exact: true });
    await expect(picker).toHaveValue('');
    await picker.selectOption({ index: 2 });
    await page.getByRole('button', { name: 'Save Sage' }).click();
    await expect(page.getByText('Variant Sage updated')).toBeVisible();

    const product = await (await page.request.get(`/api/admin/products/${id}`)).json();
    const sage = product.variants.find((v: { title: string }) => v.title === 'Sage');
    const secondId = product.images.find((i: { url: string }) => i.url === second!.url).id;
    expect(sage.image_id).toBe(secondId);

    // The shop's page opens on Navy (no image of its own: the product's first) and shows Sage's when chosen.
    await page.goto(`/product/${product.slug}`);
    const main = page.getByTestId('product-main-image');
    await expect(main).toHaveAttribute('src', first!.url);
    await page.getByRole('radio', { name: 'Sage' }).check();
    await expect(main).toHaveAttribute('src', second!.url);
    await page.getByRole('radio', { name: 'Navy' }).check();
    await expect(main).toHaveAttribute('src', first!.url);
  });
});
