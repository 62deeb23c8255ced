import { expect, type Page, test } from '@playwright/test';

// A fresh demo shop is a shop in business: the dashboard's default range and Analytics show real figures
// from the seeded year of orders.

async function signInAsStaff(page: Page) {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'staff@example.com', password: 'demo1234' },
  });
  expect(signIn.ok()).toBe(true);
}

const dollars = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

test.describe('Analytics', () => {
  test("the dashboard's last 30 days have sales and recent activity on a fresh start", async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/admin');
    await expect(page.getByTestId('date-range-button')).toHaveText(/Last 30 days/);
    const netSales = page.getByTestId('metric-net-sales');
    await expect(netSales).toContainText(/\$\d/);
    expect(dollars(await netSales.getByText(/^\$/).first().textContent())).toBeGreaterThan(0);
    await expect(netSales).toContainText(/[1-9]\d* paid orders?/);
    await expect(page.getByTestId('recent-activity').getByRole('link', { name: /^#\d+/ })).toHaveCount(5);
  });

  test('the chart, top sellers and conversion follow the range; the tables export as CSV', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsStaff(page);
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Net sales over time, \$[1-9]/ })).toBeVisible();
    const orders = page.getByTestId('analytics-orders');
    const last30 = Number(await orders.getByText(/^\d+$/).first().textContent());
    expect(last30).toBeGreaterThan(0);
    const products = page.getByRole('table', { name: 'Top products' });
    await expect(products.getByRole('row')).not.toHaveCount(0);
    await expect(page.getByTestId('analytics-conversion')).toContainText('Checkouts');

    // A longer range: more orders, and the chart by month when asked.
    await page.getByTestId('date-range-button').click();
    await page.getByRole('button', { name: 'Last 12 months' }).click();
    await expect(page).toHaveURL(/range=last_12_months/);
    await expect
      .poll(async () => Number(await orders.getByText(/^\d+$/).first().textContent()))
      .toBeGreaterThan(last30);
    await page.getByRole('combobox', { name: 'Chart interval' }).selectOption('month');
    await expect(page).toHaveURL(/interval=month/);
    // The header and the 13 months the last 12 months touch (12 whole and this one's start).
    const periods = page.getByRole('table', { name: 'Sales by period' }).getByRole('row');
    await expect(periods).toHaveCount(14);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Chart interval' })).toHaveValue('month');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Top products as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^top-products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    const lines = Buffer.concat(text as Buffer[])
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Product,Units,Net sales');
    expect(lines.length).toBeGreaterThan(1);
  });
});
