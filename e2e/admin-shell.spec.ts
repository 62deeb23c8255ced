import { expect, test } from '@playwright/test';

test.describe('Back-office shell', () => {
  test('the admin shows its shell with the sidebar entries Home, Orders, Products and Customers', async ({
    page,
  }) => {
    await page.goto('/admin');

    await expect(page.getByTestId('admin-shell')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const entry of ['Home', 'Orders', 'Products', 'Customers']) {
      await expect(sidebar.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
  });
});
