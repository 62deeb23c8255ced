import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './shop-helpers.ts';

// The e2e server runs the local payment provider: payments are simulated, and every page of the
// storefront and the back office says so (docs/security.md, "Test payments in a live shop").

const NOTICE = 'Test mode: payments are simulated; no card is charged.';

test('the storefront and the back office say on every page that payments are simulated', async ({ page }) => {
  for (const path of ['/', '/products']) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  }
  // In the server's first HTML too, before any script: nothing moves when the app takes over.
  expect(await (await page.request.get('/')).text()).toContain(NOTICE);

  await signInAsAdmin(page);
  for (const path of ['/admin/orders', '/admin']) {
    await page.goto(path);
    await expect(page.getByTestId('admin-shell')).toBeVisible();
    await expect(
      page.getByTestId('admin-shell').getByRole('status').filter({ hasText: NOTICE }),
    ).toBeVisible();
  }
  // The setup checklist does not count test payments as set up.
  const step = page.getByTestId('store-setup').locator('li', { hasText: 'Set up payments' });
  await expect(step).toHaveAttribute('data-done', 'false');
});
