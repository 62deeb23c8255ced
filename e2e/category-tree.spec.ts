import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './shop-helpers.ts';

// The category tree (docs/decisions/0038-category-tree.md): the header's menu opens a parent's page,
// which lists a product that is only in a sub-category; the breadcrumb leads back up; a manager
// reorders the tree in the back office and the storefront's menu follows. The demo shop's Apparel
// has the sub-categories Tops and Headwear; the Everyday Organic Tee is only in Tops.

const MANAGER = { email: 'manager@example.com', password: 'demo1234' };
const cardNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allTextContents();

/** Opens the header's menu: a JavaScript disclosure, so once the page has hydrated. */
async function openMenu(page: Page) {
  await hydrated(page);
  await page.getByRole('button', { name: 'Categories' }).click();
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('Category tree', () => {
  test("the menu opens a parent category, which lists its sub-categories' products; the breadcrumb leads back", async ({
    page,
  }) => {
    await page.goto('/');
    let menu = await openMenu(page);
    // Keyboard: Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Categories' })).toBeFocused();

    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Apparel', exact: true }).click();
    await expect(page).toHaveURL(/\/categories\/apparel$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Apparel' })).toBeVisible();
    await expect(page).toHaveTitle(/^Apparel \|/);
    await expect.poll(() => cardNames(page)).toContain('Everyday Organic Tee');

    // A sub-category's page: its breadcrumb names Apparel, which leads back.
    const subs = page.getByRole('list', { name: 'Sub-categories' });
    await subs.getByRole('link', { name: 'Tops' }).click();
    await expect(page).toHaveURL(/\/categories\/tops$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tops' })).toBeVisible();
    await expect.poll(() => cardNames(page)).toContain('Everyday Organic Tee');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Apparel' }).click();
    await expect(page).toHaveURL(/\/categories\/apparel$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apparel' })).toBeVisible();

    // An unknown category is the storefront's not-found page.
    await page.goto('/categories/no-such-category');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });

  test('a manager moves a category up in the back office and the storefront menu follows', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two storefront visits in fresh browsers and a back-office page: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const res = await page.request.post('/api/auth/sign-in/email', { data: MANAGER });
    expect(res.ok()).toBe(true);

    // The storefront in a context of its own: a shopper's browser, with its own HTTP cache (public
    // reads may be served stale for a minute while revalidating, decision 0036).
    const subOrder = async () => {
      const shopper = await browser.newContext({ baseURL });
      try {
        const shop = await shopper.newPage();
        await shop.goto('/');
        const menu = await openMenu(shop);
        const apparel = menu
          .getByRole('listitem')
          .filter({ has: shop.getByRole('link', { name: 'Apparel', exact: true }) });
        return await apparel.getByRole('list').getByRole('link').allTextContents();
      } finally {
        await shopper.close();
      }
    };
    expect(await subOrder()).toEqual(['Tops', 'Headwear']);

    await page.goto('/admin/categories');
    const tree = page.getByRole('list', { name: 'Category tree' });
    await expect(tree.getByRole('listitem', { name: 'Headwear' })).toBeVisible();
    await page.getByRole('button', { name: 'Move Headwear up' }).click();
    await expect(page.getByRole('button', { name: 'Move Headwear up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move Tops up' })).toBeEnabled();

    expect(await subOrder()).toEqual(['Headwear', 'Tops']);
  });
});
