import { expect, type Page, test } from '@playwright/test';

// The back office's Discounts page (docs/product.md#discounts): a manager creates a code, finds it in
// the list, is told when a code is taken, edits and deletes; the storefront's checkout takes the new
// code. Staff do not see the page.

const MANAGER = { email: 'manager@example.com', password: 'demo1234' };
const STAFF = { email: 'staff@example.com', password: 'demo1234' };

async function signIn(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: who });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('Discounts page', () => {
  test('a manager creates a code, sees it listed, is refused a taken code, and a guest uses it at checkout', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, MANAGER);
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;

    await page.goto('/admin/discounts');
    await expect(page.getByRole('heading', { name: 'Discounts', level: 1 })).toBeVisible();
    // The demo shop's codes are listed with what they give.
    await expect(page.getByRole('link', { name: 'WELCOME10' })).toBeVisible();
    await page.getByRole('link', { name: 'Create discount' }).click();
    await expect(page).toHaveURL(/\/admin\/discounts\/new$/);

    // A taken code: the server's message shows on the code field, nothing is created.
    await page.getByLabel('Title').fill('Autumn fifteen');
    await page.getByLabel('Code', { exact: true }).fill('welcome10');
    await page.getByLabel('Percentage (%)').fill('15');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expect(page.getByText('Another discount already uses this code').first()).toBeVisible();

    await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Total uses').fill('50');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expect(page.getByText('Discount created').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/discounts$/);

    await page.getByRole('searchbox', { name: 'Search discounts' }).fill(code.slice(0, 8));
    const row = page.getByTestId('discount-row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('15% off the order');
    await expect(row).toContainText('0 / 50');
    await expect(row).toContainText('Active');

    // Edit: switch it off, and the status says so.
    await row.getByRole('link', { name: code }).click();
    await page.getByLabel('Active').click();
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expect(page.getByText('Discount saved').first()).toBeVisible();
    await expect(page.getByTestId('discount-row').filter({ hasText: code })).toContainText('Disabled');

    // A shopper's checkout refuses a switched-off code, and takes it once it is on again.
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    const quote = (c: string) =>
      shop.request.post('/api/checkout/quote', {
        data: { country: 'US', lines: [{ product_id: productId, quantity: 1 }], discount_code: c },
        headers: { origin: test.info().project.use.baseURL! },
      });
    const products = (await (await shop.request.get('/api/products?limit=50')).json()) as {
      items: Array<{ id: string; variant_count: number; inventory_level: number }>;
    };
    const productId = products.items.find((p) => p.variant_count === 0 && p.inventory_level > 0)!.id;
    expect((await (await quote(code)).json()).code_error).toEqual({
      code: 'disabled',
      message: 'This code is no longer active',
    });
    await page
      .getByTestId('discount-row')
      .filter({ hasText: code })
      .getByRole('link', { name: code })
      .click();
    await page.getByLabel('Active').click();
    await page.getByRole('button', { name: 'Save discount' }).click();
    // Saved: back on the list, which shows it on again.
    await expect(page.getByTestId('discount-row').filter({ hasText: code })).toContainText('Active');
    const applied = (await (await quote(code)).json()).priced.discounts;
    expect(applied).toEqual([expect.objectContaining({ code, kind: 'percentage' })]);
    await shopper.close();

    // Delete, behind a confirmation.
    await page
      .getByTestId('discount-row')
      .filter({ hasText: code })
      .getByRole('link', { name: code })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete discount' }).click();
    await expect(page.getByText('Discount deleted').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search discounts' }).fill(code);
    await expect(page.getByText('No discounts found')).toBeVisible();
  });

  test('staff are told the page is for managers', async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/admin/discounts');
    await expect(page.getByRole('heading', { name: 'Discounts', level: 1 })).toHaveCount(0);
    await expect(page.getByText(/manager/i).first()).toBeVisible();
  });
});
