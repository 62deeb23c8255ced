import { expect, type Page, test } from '@playwright/test';

// The back office's frame (docs/product.md#back-office-frame): sidebar, routes without a screen, the
// top-bar search.

async function signInAs(page: Page, email: string) {
  // The back office is behind sign-in (e2e/accounts.spec.ts covers the sign-in page itself).
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'demo1234' },
  });
  expect(signIn.ok()).toBe(true);
}
const signInAsStaff = (page: Page) => signInAs(page, 'staff@example.com');

const MAIN = [
  ['Home', '/admin'],
  ['Orders', '/admin/orders'],
  ['Products', '/admin/products'],
  ['Customers', '/admin/customers'],
  ['Content', '/admin/content'],
  ['Finances', '/admin/finances'],
  ['Analytics', '/admin/analytics'],
  ['Marketing', '/admin/marketing'],
  ['Discounts', '/admin/discounts'],
] as const;
const CHANNELS = [
  ['Online Store', '/admin/channels/online-store'],
  ['Point of Sale', '/admin/channels/pos'],
  ['Shop', '/admin/channels/shop'],
] as const;

test.describe('Back-office shell', () => {
  test('the admin shows its shell with the sidebar entries Home, Orders, Products and Customers', async ({
    page,
  }) => {
    await signInAsStaff(page);
    await page.goto('/admin');

    await expect(page.getByTestId('admin-shell')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const entry of ['Home', 'Orders', 'Products', 'Customers']) {
      await expect(sidebar.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
  });

  test('staff see only the entries their role opens', async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/admin/orders');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    for (const hidden of ['Finances', 'Marketing', 'Discounts', 'Online Store', 'Shop', 'Add apps', 'Team']) {
      await expect(sidebar.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(page.getByTestId('sidebar-apps')).toHaveCount(0);
  });

  test('the sidebar lists every entry with its route, and marks only the exact path active', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'admin@example.com');
    await page.goto('/admin/orders');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    for (const [label, href] of [...MAIN, ...CHANNELS, ['Add apps', '/admin/apps'] as const]) {
      await expect(sidebar.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByTestId('sidebar-sales-channels')).toContainText('Sales channels');
    await expect(page.getByTestId('sidebar-apps')).toContainText('Apps');
    await expect(sidebar.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
      'aria-current',
    );

    // An order's own page is not the Orders route: nothing is active there (path equality).
    const [order] = (await (await page.request.get('/api/admin/orders')).json()).items;
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order.order_number}` })).toBeVisible();
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('as an admin, every sidebar entry opens a working screen, none the not-found page', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'admin@example.com');
    await page.goto('/admin');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
    const shown = () =>
      sidebar.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const hrefs = await shown();
    // The logo, the main entries, the sales channels, Add apps, and the admin's team and settings entries.
    expect(hrefs.length).toBeGreaterThanOrEqual(1 + MAIN.length + CHANNELS.length + 1 + 4);
    // A section lists its other screens once it is open: they are visited next, while they show.
    for (let i = 0; i < hrefs.length; i++) {
      const href = hrefs[i]!;
      await sidebar.locator(`a[href="${href}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}/?$`));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' }), href).toHaveCount(0);
      // Its data came in (no loading placeholder left; some screens keep a preview loading, so the
      // network is never idle), and nothing failed to load.
      await expect(page.locator('[aria-busy="true"]'), href).toHaveCount(0);
      await expect(
        page.getByRole('alert').filter({ hasText: /Error loading|went wrong/i }),
        href,
      ).toHaveCount(0);
      hrefs.splice(i + 1, 0, ...(await shown()).filter((h) => !hrefs.includes(h)));
    }
    expect(hrefs).toEqual(expect.arrayContaining(['/admin/returns', '/admin/reviews', '/admin/campaigns']));
  });

  test('routes without a screen show the not-found page with a link back to /admin', async ({ page }) => {
    await signInAsStaff(page);
    for (const path of ['/admin/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      await expect(page.getByTestId('admin-shell')).toBeVisible();
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the top-bar search jumps to an order, a customer and a product', async ({ page }) => {
    test.setTimeout(60_000); // a sign-in and three searches, each opening a page
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsStaff(page);
    await page.goto('/admin');
    const search = page.getByRole('combobox', { name: 'Search' });

    await search.fill('1004');
    await page.getByRole('option', { name: /#1004/ }).click();
    await expect(page.getByRole('heading', { name: 'Order #1004' })).toBeVisible();

    await search.fill('shopper@example');
    await page
      .getByRole('group', { name: 'Customers' })
      .getByRole('option', { name: /Jamie Rivera/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Jamie Rivera' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);

    await search.fill('enamel camp');
    // .first(): the product-editing test may have made a copy of the mug by now.
    await expect(page.getByRole('option', { name: /Enamel Camp Mug/ }).first()).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/admin\/products\?search=/);
  });
});
