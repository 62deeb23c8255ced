import { expect, type Page, test } from '@playwright/test';

// Staff's order journeys in the back office, on the seeded demo shop (fresh per run).

async function signInAsStaff(page: Page) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'staff@example.com', password: 'demo1234' },
  });
  expect(res.ok()).toBe(true);
}

interface OrderRow {
  id: string;
  order_number: number;
  status: string;
  fulfillment_status: string;
}

/** The demo shopper's seeded order that is paid and still processing (#1006 on a fresh shop). */
async function processingOrder(page: Page): Promise<OrderRow> {
  const res = await page.request.get(
    '/api/admin/orders?search=shopper@example.com&status=processing&sort=order_number&dir=asc',
  );
  expect(res.ok()).toBe(true);
  const [order] = (await res.json()).items as OrderRow[];
  expect(order).toBeDefined();
  return order!;
}

test.describe('Back-office orders', () => {
  test('staff fulfils a processing order from its page and the order is fulfilled and shipped', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000); // two people's pages, one after the other
    await signInAsStaff(page);
    const order = await processingOrder(page);
    expect(order.fulfillment_status).toBe('unfulfilled');

    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(String(order.order_number));
    await expect(page).toHaveURL(new RegExp(`search=${order.order_number}`));
    const row = page.getByTestId('data-table-row').filter({ hasText: `#${order.order_number}` });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Processing')).toBeVisible();
    await row.getByRole('link', { name: `#${order.order_number}` }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
    await expect(page.getByRole('heading', { name: `Order #${order.order_number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Fulfil items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fulfil items' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Fulfil \d+ items?$/ }).click();

    await expect(page.getByText(`Order #${order.order_number} fulfilled`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const timeline = page.getByTestId('order-timeline');
    await expect(timeline.getByText(/^Fulfilled \d+ items?:/)).toBeVisible();
    await expect(timeline.getByText('Status changed from processing to shipped')).toBeVisible();
    // Nothing is left to ship: the action is gone, not just greyed out.
    await expect(page.getByRole('button', { name: 'Fulfil items' })).toHaveCount(0);
    const fulfilled = page.getByTestId('order-line-fulfilled');
    await expect(fulfilled.first()).toBeVisible();
    for (const text of await fulfilled.allInnerTexts()) {
      const [done, of] = text.split(' of ').map((n) => Number.parseInt(n, 10));
      expect(done).toBe(of);
    }

    // The shopper sees it fulfilled on their own order page.
    const shopper = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const signIn = await shopper.request.post('/api/auth/sign-in/email', {
        data: { email: 'shopper@example.com', password: 'demo1234' },
      });
      expect(signIn.ok()).toBe(true);
      const shopperPage = await shopper.newPage();
      await shopperPage.goto(`/account/orders/${order.id}`);
      await expect(shopperPage.getByText('Shipping Information')).toBeVisible();
      await expect(shopperPage.getByTestId('fulfillment-status')).toHaveText('Fulfilled');
    } finally {
      await shopper.close();
    }

    // And the list shows it shipped and fulfilled.
    await page.goto(`/admin/orders?search=${order.order_number}`);
    const listed = page.getByTestId('data-table-row').filter({ hasText: `#${order.order_number}` });
    await expect(listed.getByText('Shipped')).toBeVisible();
    await expect(listed.getByText('Fulfilled')).toBeVisible();

    // A cancelled order offers neither fulfilment nor cancelling again.
    const cancelled = await page.request.get('/api/admin/orders?status=cancelled');
    const [gone] = (await cancelled.json()).items as OrderRow[];
    await page.goto(`/admin/orders/${gone!.id}`);
    await expect(page.getByRole('heading', { name: `Order #${gone!.order_number}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change status' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fulfil items' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });

  test('the sidebar collapses with Ctrl+B and stays collapsed after a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsStaff(page);
    await page.goto('/admin/orders');
    const sidebar = page.locator('[data-slot="sidebar"]');
    const container = page.locator('[data-slot="sidebar-container"]');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(page.getByTestId('sidebar-sales-channels')).toBeVisible();
    await expect.poll(async () => (await container.boundingBox())?.width).toBe(256); // 16rem

    await page.locator('body').press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(page.getByTestId('sidebar-sales-channels')).toBeHidden();
    await expect(page.getByTestId('sidebar-apps')).toBeHidden();
    await expect.poll(async () => (await container.boundingBox())?.width).toBe(48); // 3rem

    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie).toMatchObject({ value: 'false', path: '/' });
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604_800 - 120);
    expect(lifetime).toBeLessThanOrEqual(604_800 + 5);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(page.getByTestId('sidebar-sales-channels')).toBeHidden();

    await page.locator('body').press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  test('the orders page at 375 px and at 1280 px', async ({ page }, testInfo) => {
    await signInAsStaff(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(page.getByTestId('data-table-row').first()).toBeVisible();
    for (const column of ['Order', 'Customer', 'Status', 'Payment', 'Fulfillment', 'Total', 'Date']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    // The email column needs room the table has only with the sidebar collapsed at this width.
    const email = table.getByRole('columnheader', { name: 'Email' });
    await expect(email).toBeHidden();
    await page.locator('body').press('Control+b');
    await expect(email).toBeVisible();
    await page.locator('body').press('Control+b');
    await expect(email).toBeHidden();
    await expect(page.getByTestId('data-table-selection')).toHaveText(/^0 of \d+ rows? selected\.$/);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('orders-1280.png'), fullPage: true });
    await testInfo.attach('orders-1280', {
      path: testInfo.outputPath('orders-1280.png'),
      contentType: 'image/png',
    });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.locator('[data-slot="sidebar"][data-mobile="true"]')).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveCount(0);
    const first = page.getByTestId('data-table-row').first();
    await first.getByRole('cell').nth(2).click(); // the status cell: opens the row on a phone
    const details = page.getByTestId('data-table-row-details');
    await expect(details).toBeVisible();
    await expect(details.getByText('Total')).toBeVisible();
    await expect(details).toContainText(/\$\d[\d,]*\.\d{2}/);
    await page.screenshot({ path: testInfo.outputPath('orders-375.png'), fullPage: true });
    await testInfo.attach('orders-375', {
      path: testInfo.outputPath('orders-375.png'),
      contentType: 'image/png',
    });

    // The sidebar is a slide-in sheet on a phone.
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    const sheet = page.locator('[data-slot="sidebar"][data-mobile="true"]');
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288); // 18rem
  });

  test('the status filter, sorting and paging are done by the server', async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/admin/orders');
    await expect(page.getByTestId('data-table-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Status', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Delivered' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=delivered/);
    // The table keeps the previous page on screen until the filtered one arrives: wait (with retries)
    // until no row is left that is not delivered, rather than reading a snapshot of the rows.
    const rows = page.getByTestId('data-table-row');
    await expect(rows.filter({ hasNotText: 'Delivered' })).toHaveCount(0);
    await expect(rows.first()).toBeVisible();

    await page.getByRole('button', { name: /^Total/ }).click();
    await expect(page).toHaveURL(/sort=total_amount/);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).not.toHaveURL(/status=/);

    await page.getByRole('button', { name: 'View' }).click();
    await expect(page.getByText('Toggle columns')).toBeVisible();
    await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('table', { name: 'Orders' }).getByRole('columnheader', { name: 'Email' }),
    ).toHaveCount(0);
  });
});
