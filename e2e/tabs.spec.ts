import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  addToServerCart,
  fillCheckoutDialog,
  payWithTestCard,
  signUpShopper,
  simpleProducts,
} from './shop-helpers.ts';

// A shopper with the shop open in two tabs of one browser (docs/product.md#cart): what one tab does
// to the cart, and a payment made in one tab (the checkout and the payment page are in the same tab),
// shows in the other tab without a reload.

// Two pages of the app at once on a shared machine: their first render can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * A product bought here and nowhere else in the specs (checkout.spec.ts buys the first two), so that
 * its stock checks do not see this spec's orders.
 */
async function ownProduct(page: Page, index: number) {
  return (await simpleProducts(page.request, index + 1))[index];
}

/** From the open cart panel, checks out and pays in the same tab; ends on the receipt. */
async function checkOutAndPay(page: Page, asGuest: boolean) {
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  if (asGuest) {
    await panel.getByRole('link', { name: 'Continue as guest' }).click();
    const form = page.getByRole('main');
    await form.getByLabel('Email', { exact: true }).fill(`tabs-${Date.now()}@example.com`);
    await form.getByLabel('First Name').fill('Tab');
  } else {
    await panel.getByRole('link', { name: 'Checkout', exact: true }).click();
  }
  const form = await fillCheckoutDialog(page);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithTestCard(page);
}

test.describe('Two tabs', () => {
  test('paying in one tab empties the cart and lists the order in the other tab, no reload', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signUpShopper(page, 'Tabitha');
    const product = await ownProduct(page, 2);
    await addToServerCart(page, baseURL!, product!.id);

    const other = await context.newPage();
    await other.goto('/account/orders');
    await expect(other.getByText('No orders found')).toBeVisible();
    await expect(other.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/');
    await page.getByTestId('cart-button').click();
    await checkOutAndPay(page, false);
    const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, '');

    // The other tab, untouched since: the cart is empty and the order is in its history.
    await expect(other.getByTestId('cart-count')).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    await expect(other.getByTestId('order-row').filter({ hasText: `Order #${orderNumber}` })).toBeVisible();
  });

  test("a guest's payment in one tab empties the guest cart in the other tab", async ({ page, context }) => {
    test.setTimeout(90_000);
    const product = await ownProduct(page, 3);
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByTestId('cart-count')).toHaveText('1');
    await page.getByTestId('cart-button').click();
    await checkOutAndPay(page, true);

    await expect(other.getByTestId('cart-count')).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('a signed-in change to the cart in one tab shows in the other', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signUpShopper(page, 'Twin');
    const [product] = await simpleProducts(page.request, 1);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

    const other = await context.newPage();
    await other.goto(`/product/${product!.slug}`);
    // The page's script has loaded and hydrated the button (a loaded machine takes a while).
    await other.waitForLoadState('networkidle');
    await other.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(other.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    await other.getByTestId('cart-button').click();
    await other
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('button', { name: 'Clear cart' })
      .click();
    await expect(other.getByTestId('cart-count')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
  });

  test('coming back to the tab fetches a cart changed elsewhere (another device)', async ({
    page,
    baseURL,
  }) => {
    await signUpShopper(page, 'Roamer');
    const [product] = await simpleProducts(page.request, 1);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    // The same account adds a line from somewhere this browser knows nothing of.
    await addToServerCart(page, baseURL!, product!.id, 2);
    // The shopper switches back to this tab (what the browser signals when a tab is shown again).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });
});
