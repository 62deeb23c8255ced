import { expect, type Page, test } from '@playwright/test';

// Storefront search: the header's suggestions forgive a typo, and the catalog's filters narrow the
// list, with the state in the address so a reload keeps it.

const cardNames = (page: Page) => page.getByTestId('product-card').getByRole('heading').allTextContents();

async function apiNames(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`/api/search?${query}&limit=20`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: Array<{ name: string }> }).items.map((p) => p.name);
}

test.describe('Storefront search', () => {
  test('a one-letter typo in the header search suggests the product and finds it', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });

    // Suggestions while typing, picked with the arrow keys and Enter.
    await box.fill('enamle mug');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const option = listbox.getByRole('option', { name: /Enamel Camp Mug/ });
    await expect(option).toBeVisible();
    // Other specs import products of their own (a WooCommerce mug among them): walk down to this one.
    const names = await listbox.getByRole('option').allTextContents();
    const index = names.findIndex((name) => name.includes('Enamel Camp Mug'));
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', new RegExp(`option-${index}$`));
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/enamel-camp-mug$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enamel Camp Mug' })).toBeVisible();

    // Escape closes the list; Enter with nothing chosen searches the catalog.
    await box.fill('stonewere');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await box.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=stonewere$/);
    await expect.poll(() => cardNames(page)).toContain('Speckled Stoneware Mug');
    await expect.poll(() => cardNames(page)).toEqual(await apiNames(page, 'search=stonewere'));
  });

  test("a category suggestion opens the category's own page, with the keyboard", async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('headwear');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const category = listbox.getByRole('option', { name: /Headwear.*Category/ });
    await expect(category).toBeVisible();
    // Products come first: arrow down to the category.
    const index = (await listbox.getByRole('option').allTextContents()).findIndex((t) =>
      /Headwear.*Category/.test(t),
    );
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(category).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/categories\/headwear$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Headwear' })).toBeVisible();
  });

  test('"Did you mean" links to the closest search when nothing matches', async ({ page }) => {
    await page.goto('/products?search=stonewxyz');
    await expect(page.getByText('No products found')).toBeVisible();
    const suggestion = page.getByRole('link', { name: 'stoneware' });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page).toHaveURL(/search=stoneware/);
    await expect.poll(() => cardNames(page)).toContain('Speckled Stoneware Mug');
  });

  test('facet filters narrow the catalog, show counts, combine and survive a reload', async ({ page }) => {
    test.slow();
    await page.goto('/products');
    const filters = page.getByRole('group', { name: 'Filters' });
    await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 30_000 });
    const all = (await (await page.request.get('/api/search?limit=1')).json()) as { total: number };

    const apparel = page.getByRole('checkbox', { name: /^Apparel \(\d+\)$/ });
    // click, not check(): the box follows the address, which changes a moment after the click.
    await apparel.click();
    await expect(apparel).toBeChecked();
    await expect(page).toHaveURL(/category=apparel/);
    const apparelNames = await apiNames(page, 'category=apparel');
    await expect.poll(() => cardNames(page)).toEqual(apparelNames);

    // A second filter narrows further; the brand's count said how many it would show.
    const brand = filters.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first();
    const brandLabel = (await brand.getAttribute('id')) ?? '';
    const labelText = await page.locator(`label[for="${brandLabel}"]`).textContent();
    const expectedCount = Number(/\((\d+)\)\s*$/.exec(labelText ?? '')?.[1]);
    await brand.click();
    await expect(brand).toBeChecked();
    await expect(page).toHaveURL(/category=apparel.*brand=|brand=.*category=apparel/);
    const url = new URL(page.url());
    const both = await apiNames(page, url.searchParams.toString());
    expect(both.length).toBe(expectedCount);
    expect(both.length).toBeLessThanOrEqual(apparelNames.length);
    await expect.poll(() => cardNames(page)).toEqual(both);
    expect(both.length).toBeLessThan(all.total);

    await page.getByRole('checkbox', { name: /^In stock only/ }).click();
    await expect(page).toHaveURL(/in_stock=true/);
    const address = page.url();
    const narrowed = await apiNames(page, new URL(address).searchParams.toString());
    await expect.poll(() => cardNames(page)).toEqual(narrowed);

    await page.reload();
    await expect(page).toHaveURL(address);
    await expect(apparel).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^In stock only/ })).toBeChecked();
    await expect.poll(() => cardNames(page)).toEqual(narrowed);

    // Unchecking the category widens the list again.
    await apparel.click();
    await expect(page).not.toHaveURL(/category=apparel/);
  });
});
