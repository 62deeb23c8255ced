import { type Browser, expect, type Page, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// Point of Sale: a staff member builds an order by hand for a new customer and marks it paid; it is an
// order, the stock moved, the person is in Customers with it (no password yet, invited from there),
// and a manager sees the payment in Finances with the draft's number as its reference.

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok()).toBe(true);
}

async function stockOf(page: Page, productId: string): Promise<number> {
  const res = await page.request.get(`/api/admin/products/${productId}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).inventory_level;
}

async function asManager(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'manager@example.com');
  return { context, page };
}

test.describe('Point of Sale', () => {
  test('staff create a draft order for a new customer and mark it paid; it is in Orders and Customers, the stock moved, Finances shows it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'staff@example.com');
    const [product] = await simpleProducts(page.request, 1);
    const before = await stockOf(page, product!.id);

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Point of Sale' }).click();
    await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search products' }).fill(product!.name);
    await page.getByRole('button', { name: `Add ${product!.name}`, exact: true }).click();
    await page.getByRole('spinbutton', { name: `Quantity of ${product!.name}` }).fill('2');

    await page.getByLabel('First name', { exact: true }).fill('Walk');
    await page.getByLabel('Last name', { exact: true }).fill('In');
    const email = `walk-in-${Date.now()}@example.com`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    // Shipped, not picked up: the address and the method come back when "No shipping" is off.
    const pickup = page.getByRole('switch', { name: 'No shipping / picked up' });
    await expect(pickup).toBeChecked();
    await pickup.click();
    await page.getByLabel('Address first name').fill('Walk');
    await page.getByLabel('Address last name').fill('In');
    await page.getByLabel('Address', { exact: true }).fill('5 Market Street');
    await page.getByLabel('City').fill('Albany');
    await page.getByLabel('Postal code').fill('12207');
    await page.getByLabel('State / Province').selectOption('NY');
    const shipping = page.getByLabel('Shipping method');
    await expect(shipping).toBeEnabled();
    await shipping.selectOption({ index: 1 });
    // The server's totals: the lines at the product's price, and shipping.
    await expect(page.getByTestId('draft-total')).toHaveText(/^\$\d/);
    await expect(page.getByTestId('draft-problem')).toHaveCount(0);

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]+$/);
    const heading = page.getByRole('heading', { name: /^Order #\d+/ });
    await expect(heading).toBeVisible();
    const orderNumber = ((await heading.textContent()) ?? '').match(/#(\d+)/)![1]!;
    await expect(page.getByText('Point of Sale', { exact: true }).last()).toBeVisible();
    await expect(page.getByTestId('order-timeline')).toContainText('created this order from draft order');

    await page.goto('/admin/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
    await expect(page.getByTestId('data-table-row').filter({ hasText: `#${orderNumber}` })).toHaveCount(1);
    expect(await stockOf(page, product!.id)).toBe(before - 2);

    await page.goto('/admin/customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(email);
    const row = page.getByTestId('data-table-row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Walk In');
    const found = await page.request.get(`/api/admin/customers?search=${encodeURIComponent(email)}`);
    const [customer] = (await found.json()).items;
    await page.goto(`/admin/customers/${customer.id}`);
    await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible();
    await expect(page.getByText('No password yet')).toBeVisible();
    await page.getByRole('button', { name: 'Send account invite' }).click();
    await expect(page.getByText(`Account invite sent to ${email}`)).toBeVisible();

    const manager = await asManager(browser);
    await manager.page.goto('/admin/finances');
    await expect(manager.page.getByRole('heading', { name: 'Finances', level: 1 })).toBeVisible();
    const ledger = manager.page.getByRole('table', { name: 'Payments and refunds' });
    await expect(ledger.getByRole('link', { name: `#${orderNumber}` })).toBeVisible();
    await expect(
      ledger.getByRole('row').filter({ has: manager.page.getByRole('link', { name: `#${orderNumber}` }) }),
    ).toContainText(/#D\d+/);
    await manager.context.close();
  });

  test('a walk-in pays cash and takes the items: no shipping is the default, no address asked', async ({
    page,
  }) => {
    await signIn(page, 'staff@example.com');
    const [product] = await simpleProducts(page.request, 1);
    await page.goto('/admin/channels/pos/new');
    await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product!.name);
    await page.getByRole('button', { name: `Add ${product!.name}`, exact: true }).click();
    await page.getByLabel('First name', { exact: true }).fill('Cash');
    await page.getByLabel('Last name', { exact: true }).fill('Buyer');
    await page.getByLabel('Email', { exact: true }).fill(`cash-${Date.now()}@example.com`);

    await expect(page.getByRole('switch', { name: 'No shipping / picked up' })).toBeChecked();
    await expect(page.getByLabel('Address first name')).toHaveCount(0);
    await expect(page.getByLabel('Shipping method')).toHaveCount(0);
    await expect(page.getByTestId('draft-total')).toHaveText(/^\$\d/);
    await expect(page.getByTestId('draft-problem')).toHaveCount(0);

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: /^Order #\d+/ })).toBeVisible();
    await expect(page.getByText('No shipping address')).toBeVisible();
  });
});
