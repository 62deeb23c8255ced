import { expect, type Page, test } from '@playwright/test';
import { hold, hydrated, signUpShopper, simpleProducts } from './shop-helpers.ts';

/**
 * A signed-in shopper, one product, and `held` requests that wait until `release()` is called (after
 * the test's click); `expectOneUnitInAccount` checks the unit went to the account and nowhere else.
 */
async function signedInWithHeld(page: Page, name: string, held: string) {
  await signUpShopper(page, name);
  const [product] = await simpleProducts(page.request, 1);
  const merges: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/cart/merge')) merges.push(r.url());
  });
  const release = await hold(page, held);
  const expectOneUnitInAccount = async () => {
    await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 20_000 });
    await expect(page).not.toHaveURL(/[?&]add=/);
    await page.waitForLoadState('networkidle');
    const cart = (await (await page.request.get('/api/cart')).json()) as { items: { quantity: number }[] };
    expect(cart.items.map((line) => line.quantity)).toEqual([1]);
    expect(merges, 'the unit went to the account, not through the guest cart').toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).toBeNull();
  };
  return { product: product!, release, expectOneUnitInAccount };
}

// "Add to Cart" pressed before the page's script has run goes through the form without JavaScript
// (?add= in the address); the page that comes back adds the unit once, to the cart of whoever is
// signed in, without a detour through the browser's guest cart.
test('a signed-in shopper who adds to the cart before the page has hydrated gets exactly one unit', async ({
  page,
}) => {
  // The page's scripts arrive only after the click, as on a slow phone, so it lands before hydration.
  const { product, release, expectOneUnitInAccount } = await signedInWithHeld(
    page,
    'Early',
    '**/assets/*.js',
  );
  await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  release();
  await expectOneUnitInAccount();
});

// On a slow network the page can come alive before the shop has heard who is signed in; a tap then
// waits for the answer instead of guessing "guest" and merging the unit into the account later.
test('a signed-in shopper who adds to the cart before the shop knows who they are gets exactly one unit', async ({
  page,
}) => {
  const { product, release, expectOneUnitInAccount } = await signedInWithHeld(page, 'Unknown', '**/api/me');
  await page.goto(`/product/${product.slug}`);
  // The page has hydrated, and /api/me has not answered.
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  release();
  await expectOneUnitInAccount();
});

// The router's scroll restoration scrolls a newly shown page to the top; the page the server sent is
// not new to the shopper, who may have scrolled it while its scripts were still on their way.
test('a shopper who scrolls before the page has hydrated stays where they scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  let slow = true;
  await page.route('**/assets/*.js', async (route) => {
    if (slow) await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/products', { waitUntil: 'commit' });
  await expect(page.getByTestId('product-card').nth(5)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  slow = false;

  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
});
