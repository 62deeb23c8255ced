import { expect, test } from '@playwright/test';
import { placeGuestOrder, signInAsAdmin } from './shop-helpers.ts';

// Roles made of permissions: an admin makes "Fulfilment" on the Team page and gives it to a new
// member, who fulfils an order but is refused a refund and sees neither Finances nor Customers.

test('an admin makes a Fulfilment role; its member fulfils an order and may not refund', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000); // two people's pages, one after the other
  const email = `fulfilment-${Date.now()}@example.test`;
  const password = 'fulfil-pass-123';
  const member = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const signUp = await member.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Fran Packer', firstName: 'Fran', lastName: 'Packer' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const guest = await browser.newContext({ baseURL });
  const orderNumber = await placeGuestOrder(guest.request, baseURL!, {
    firstName: 'Gale',
    lastName: 'Guest',
    email: `roles-guest-${Date.now()}@example.test`,
  });
  await guest.close();

  // The admin makes the role from its permissions and gives it to the new member.
  await signInAsAdmin(page);
  await page.goto('/admin/team');
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Name').fill('Fulfilment');
  await dialog.getByLabel('View orders and the dashboard').check();
  await dialog.getByLabel('Fulfil and mark delivered').check();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText('Role "Fulfilment" saved')).toBeVisible();
  await expect(page.getByTestId('custom-role').filter({ hasText: 'Fulfilment' })).toContainText(
    '2 permissions',
  );

  await page.getByRole('searchbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const result = page.getByTestId('user-result').filter({ hasText: email });
  await result.getByRole('combobox').selectOption({ label: 'Fulfilment' });
  await result.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText(`${email} is now Fulfilment`)).toBeVisible();
  await expect(page.getByTestId('team-member').filter({ hasText: email })).toContainText('Fulfilment');

  // The member sees orders, and neither Finances, Customers (and so no customer export) nor refunds.
  const memberPage = await member.newPage();
  const signIn = await member.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signIn.ok()).toBe(true);
  await memberPage.goto(`/admin/orders?search=${orderNumber}`);
  const nav = memberPage.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  for (const hidden of ['Finances', 'Customers', 'Discounts', 'Products', 'Team', 'Settings']) {
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expect(memberPage.getByRole('link', { name: 'Export' })).toHaveCount(0);
  // The order's row menu offers what the role may do: Fulfil, and neither a status change nor Cancel.
  const row = memberPage.getByTestId('data-table-row').filter({ hasText: `#${orderNumber}` });
  const menu = memberPage.getByRole('menu');
  await row.getByTestId('order-row-menu').click();
  await expect(menu.getByRole('menuitem', { name: 'Fulfil' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Change status|Cancel/ })).toHaveCount(0);
  await memberPage.keyboard.press('Escape');
  await memberPage.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(memberPage.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await memberPage.getByRole('button', { name: 'Fulfil items' }).click();
  const fulfil = memberPage.getByRole('dialog', { name: 'Fulfil items' });
  await fulfil.getByRole('button', { name: /^Fulfil \d+ items?$/ }).click();
  await expect(memberPage.getByText(`Order #${orderNumber} fulfilled`)).toBeVisible();

  const orderId = memberPage.url().split('/').pop()!;
  // Once it has all shipped, the row menu no longer offers Fulfil (the same rule as the order's page).
  await memberPage.goto(`/admin/orders?search=${orderNumber}`);
  await row.getByTestId('order-row-menu').click();
  await expect(menu.getByRole('menuitem', { name: 'View' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Fulfil' })).toHaveCount(0);
  await memberPage.keyboard.press('Escape');

  // The server refuses what the screens hide.
  const refund = await member.request.post(`/api/admin/orders/${orderId}/refunds`, {
    data: { amount: 100, reason: 'test' },
  });
  expect(refund.status()).toBe(403);
  expect((await member.request.get('/api/admin/customers/export')).status()).toBe(403);
  expect((await member.request.get('/api/admin/finances')).status()).toBe(403);

  // A page the role does not include says so and leads back to the back office.
  await memberPage.goto('/admin/finances');
  await expect(memberPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    memberPage.getByText(
      "You don't have permission to access this page. Required role: manager, your role: Fulfilment.",
    ),
  ).toBeVisible();
  await memberPage.getByRole('link', { name: 'Back to Home' }).click();
  await expect(memberPage).toHaveURL(/\/admin\/?$/);
  // The dashboard's shortcuts are only those the role opens: orders, not products, customers or settings.
  const quick = memberPage.getByTestId('quick-actions');
  await expect(quick.getByRole('link', { name: 'View orders' })).toBeVisible();
  await expect(quick.getByRole('link', { name: /Add product|Manage customers/ })).toHaveCount(0);
  await quick.getByRole('button', { name: 'More actions' }).click();
  await expect(memberPage.getByRole('menuitem', { name: 'View online store' })).toBeVisible();
  await expect(memberPage.getByRole('menuitem', { name: 'Export orders (CSV)' })).toHaveCount(0);
  await memberPage.keyboard.press('Escape');
  const setup = memberPage.getByTestId('store-setup');
  await expect(setup.getByText('Set up payments')).toBeVisible();
  await expect(setup.getByRole('link', { name: /Set up payments|Set up email delivery/ })).toHaveCount(0);
  await member.close();
});
