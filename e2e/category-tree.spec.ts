import { expect, type Page, test } from '@playwright/test';

// The category tree (docs/decisions/0038-category-tree.md): the header's menu opens a parent's page,
// which lists a product that is only in a sub-category; the breadcrumb leads back up; a manager
// reorders the tree in the back office and the storefront's menu follows. The demo shop's Apparel
// has the sub-categories Tops and Headwear; the Everyday Organic Tee is only in Tops.

const MANAGER = { email: 'manager@example.com', password: 'demo1234' };
const cardNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allTextContents();

async function openMenu(page: Page) {
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
  }) => {
    const res = await page.request.post('/api/auth/sign-in/email', { data: MANAGER });
    expect(res.ok()).toBe(true);

    const subOrder = async () => {
      await page.goto('/');
      const menu = await openMenu(page);
      const apparel = menu
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Apparel', exact: true }) });
      return apparel.getByRole('list').getByRole('link').allTextContents();
    };
    expect(await subOrder()).toEqual(['Tops', 'Headwear']);

    await page.goto('/admin/categories');
    const tree = page.getByRole('list', { name: 'Category tree' });
    await expect(tree.getByRole('listitem', { name: 'Headwear' })).toBeVisible();
    await page.getByRole('button', { name: 'Move Headwear up' }).click();
    await expect(page.getByRole('button', { name: 'Move Headwear up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move Tops up' })).toBeEnabled();

    await expect.poll(subOrder).toEqual(['Headwear', 'Tops']);
  });
});
