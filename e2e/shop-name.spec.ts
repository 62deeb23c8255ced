import { expect, test } from '@playwright/test';
import { hydrated, signInAsAdmin } from './shop-helpers.ts';

// The shop's name from Online Store (docs/product.md) ends every storefront tab title, the pages the
// app draws included: an admin renames the shop, and a category, a product and the catalog reached by
// the app's own links (no server-built head) are titled "<page> | <new name> Store". Every other e2e
// file reads the demo shop's name, so this one runs in a project of its own once they have finished
// (playwright.config.ts), and puts the name back. Alone: add --no-deps, or every other file runs first.

const NEW_NAME = 'Harbour Goods';

test('after an admin renames the shop, the storefront titles its pages with the new name', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const original = await (await page.request.get('/api/admin/online-store')).json();
  try {
    await page.goto('/admin/channels/online-store');
    await page.getByLabel('Shop name', { exact: true }).fill(NEW_NAME);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Online Store saved')).toBeVisible();

    await page.goto('/');
    // The menu is a JavaScript disclosure: it opens once the page has hydrated.
    await hydrated(page);
    await page.getByRole('button', { name: 'Categories' }).click();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Apparel', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Apparel' })).toBeVisible();
    await expect(page).toHaveTitle(`Apparel | ${NEW_NAME} Store`);

    await page.getByTestId('product-card').filter({ hasText: 'Everyday Organic Tee' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Everyday Organic Tee' })).toBeVisible();
    await expect(page).toHaveTitle(`Everyday Organic Tee | ${NEW_NAME} Store`);

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Products' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page).toHaveTitle(`Products | ${NEW_NAME} Store`);
  } finally {
    const restored = await page.request.patch('/api/admin/online-store', {
      data: original,
      headers: { origin: baseURL! },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
