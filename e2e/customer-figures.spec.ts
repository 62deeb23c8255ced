import { expect, type Page, test } from '@playwright/test';

// The demo shopper's figures read the same on their account page and in the back office: one
// definition of orders, total spent and items (docs/product.md, "Customer figures").

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok()).toBe(true);
}

interface AccountOrder {
  id: string;
  order_number: number;
  status: string;
  total_amount: number;
  item_count: number;
  order_items: Array<{ quantity: number }>;
}

test('the shopper and staff see the same orders, total spent and item counts', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'shopper@example.com');
  const { items } = (await (await page.request.get('/api/account/orders')).json()) as {
    items: AccountOrder[];
  };
  // The demo history has a cancelled, refunded order: it is listed but spent nothing.
  expect(items.some((o) => o.status === 'cancelled')).toBe(true);
  const everyTotal = items.reduce((sum, o) => sum + o.total_amount, 0);

  await page.goto('/account');
  await expect(page.getByTestId('stat-total-spent')).toBeVisible({ timeout: 30_000 });
  const totalSpent = (await page.getByTestId('stat-total-spent').textContent()) ?? '';
  const totalOrders = (await page.getByTestId('stat-total-orders').textContent()) ?? '';
  expect(totalSpent).not.toBe(money(everyTotal));
  expect(Number(totalOrders)).toBe(items.length);

  // An order of more units than lines: "N items" counts units.
  const order = items.find((o) => o.order_items.length !== o.item_count);
  expect(order).toBeDefined();
  const units = order!.order_items.reduce((sum, line) => sum + line.quantity, 0);
  await page.goto('/account/orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId('order-row').filter({ hasText: `Order #${order!.order_number}` });
  await expect(row).toContainText(`${units} items`);

  const staff = await browser.newPage();
  try {
    await signIn(staff, 'staff@example.com');
    const found = await staff.request.get('/api/admin/customers?search=shopper@example.com');
    const [customer] = (await found.json()).items as Array<{ id: string }>;
    await staff.goto(`/admin/customers/${customer!.id}`);
    await expect(staff.getByRole('region', { name: 'Customer figures' })).toBeVisible({ timeout: 30_000 });
    const figures = staff.getByRole('region', { name: 'Customer figures' });
    await expect(figures.locator('[data-slot="card"]').filter({ hasText: 'Total spent' })).toContainText(
      totalSpent,
    );
    await expect(figures.locator('[data-slot="card"]').filter({ hasText: 'Orders' })).toContainText(
      totalOrders,
    );

    await staff.getByRole('link', { name: `#${order!.order_number}` }).click();
    await expect(staff.getByText(`Items (${units})`)).toBeVisible();
  } finally {
    await staff.close();
  }
});
