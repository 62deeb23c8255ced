import { expect, test } from '@playwright/test';
import { signUpShopper, simpleProducts } from './shop-helpers.ts';

// Wishlists (decision 0091): a guest saves a product with the heart (kept in the browser), signs up
// and finds it in their account's list, shares the list read-only, and moves the item to the cart.

test('a guest hearts a product, signs in, finds the list merged, shares it and moves the item to the cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const [product] = await simpleProducts(page.request, 1);

  // Product cards carry the heart too.
  await page.goto('/products');
  await expect(page.getByTestId('wishlist-heart').first()).toBeVisible();

  await page.goto(`/product/${product!.slug}`);
  const heart = page.getByRole('button', { name: `Save ${product!.name} to your wishlist` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // A click before the page has hydrated does nothing: click until it is saved.
  await page.waitForLoadState('networkidle');
  await expect(async () => {
    if ((await heart.getAttribute('aria-pressed')) !== 'true') await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass();
  expect(await page.evaluate(() => localStorage.getItem('guest_wishlist'))).toContain(product!.id);

  // The guest's list page shows it from the browser's list.
  await page.goto('/wishlist');
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await expect(page.getByTestId('wishlist-item')).toContainText(product!.name);

  // Signing up merges the browser's list into the account's and empties the browser's.
  await signUpShopper(page, 'Wanda');
  await page.reload();
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/wishlist');
      return ((await res.json()) as { items: Array<{ product_id: string }> }).items.map((i) => i.product_id);
    })
    .toEqual([product!.id]);
  await expect(page.getByTestId('wishlist-item')).toContainText(product!.name);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guest_wishlist'))).toBeNull();

  // The share link opens the list read-only for anyone.
  const share = page.getByTestId('wishlist-share-url');
  await expect(share).toHaveValue(/^http.+\/wishlist\/shared\/[A-Za-z0-9_-]{22}$/);
  const shareUrl = await share.inputValue();
  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  await shared.goto(shareUrl);
  await expect(shared.getByTestId('wishlist-item')).toContainText(product!.name);
  await expect(shared.getByTestId('wishlist-move-to-cart')).toHaveCount(0);
  await stranger.close();

  // Move to cart: in the cart, off the list.
  await page.getByTestId('wishlist-move-to-cart').click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('wishlist-item')).toHaveCount(0);
  await expect(page.getByText('Your wishlist is empty.', { exact: false })).toBeVisible();
});
