import { expect, test } from '@playwright/test';
import {
  type ApiProduct,
  addToServerCart,
  fillCheckoutDialog,
  money,
  priceOf,
  settledTotal,
  signUpShopper,
  simpleProducts,
} from './shop-helpers.ts';

// The checkout journey (docs/product.md#checkout): a shopper fills the cart, checks out, is declined once
// and then pays with the test card on the local payment page, sees the order number, and finds the order in
// their account; cancelling the payment keeps the cart. Each test signs up its own shopper so it never
// shares a cart with the other specs.

test.describe('Checkout', () => {
  test('add two products, check out, a declined card, pay with 4242, see the order in the account', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpShopper(page, 'Ada');
    const [first, second] = await simpleProducts(page.request, 2);

    // Two products into the cart through their pages.
    for (const product of [first!, second!]) {
      await page.goto(`/product/${product.slug}`);
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByTestId('cart-count')).toHaveText('2');

    await page.getByTestId('cart-button').click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(panel.getByTestId('cart-line')).toHaveCount(2);
    await panel.getByRole('link', { name: 'Checkout', exact: true }).click();

    // Required fields are checked before anything is sent.
    const dialog = page.getByRole('main');
    await dialog.getByLabel('Address', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    await fillCheckoutDialog(page);
    // The order summary is priced by the server: both lines, and a total the payment page charges.
    await expect(dialog.getByTestId('summary-line')).toHaveCount(2);
    await expect(dialog.getByTestId('summary-subtotal')).toContainText(
      money(priceOf(first!) + priceOf(second!)),
    );
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
    const shownTotal = await settledTotal(dialog);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    // The payment page opens in this tab.
    const pay = page;
    await pay.waitForLoadState();
    await expect(pay).toHaveURL(/\/pay\/cs_local_/);

    await expect(pay.getByRole('heading', { name: 'Cartwheel', level: 1 })).toBeVisible();
    await expect(pay.getByText(first!.name)).toBeVisible();
    await expect(pay.getByText(second!.name)).toBeVisible();
    await expect(pay.getByRole('button', { name: `Pay ${shownTotal}` })).toBeVisible();

    // A declined card: the message on the page, nothing paid.
    await pay.getByLabel('Card number').fill('4000 0000 0000 0002');
    await pay.getByLabel('Expiry').fill('12 / 34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: /^Pay / }).click();
    await expect(pay.getByRole('alert')).toHaveText('Your card was declined. Please try another card.');

    // The test card pays and lands on the success page with the order number.
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry').fill('12 / 34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: /^Pay / }).click();
    await expect(pay).toHaveURL(/\/checkout\/success\?receipt=/);
    await expect(pay.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(pay.getByTestId('order-number')).toHaveText(/^Order Number: #\d+$/);
    const orderNumber = ((await pay.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, '');
    await expect(pay.getByText('Order created successfully!')).toBeVisible();
    await expect(
      pay.getByText('You will receive an email confirmation shortly with your order details.'),
    ).toBeVisible();
    // The purchased lines have left the cart: an empty cart shows no badge.
    await expect(pay.getByTestId('cart-count')).toHaveCount(0);
    await expect(pay.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

    // View My Orders goes to /orders, which is the order history.
    await pay.getByRole('link', { name: 'View My Orders' }).click();
    await expect(pay).toHaveURL(/\/account\/orders$/);
    await expect(pay.getByRole('heading', { name: 'Order History' })).toBeVisible();
    const row = pay.getByTestId('order-row').filter({ hasText: `Order #${orderNumber}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('2 items');
    await expect(row).toContainText(shownTotal);
    await expect(row.getByTestId('order-status')).toHaveText('Processing');

    // The detail page with every section.
    await row.getByRole('link', { name: /View Details/ }).click();
    await expect(pay.getByRole('heading', { name: `Order #${orderNumber}`, level: 1 })).toBeVisible();
    await expect(pay.getByText(/^Placed on [A-Z][a-z]+ \d{2}, \d{4}$/)).toBeVisible();
    await expect(pay.getByText('Payment Information')).toBeVisible();
    await expect(pay.getByTestId('payment-status')).toHaveText('Paid');
    await expect(pay.getByText('Card', { exact: true })).toBeVisible();
    await expect(pay.getByText('Shipping Information')).toBeVisible();
    await expect(pay.getByTestId('fulfillment-status')).toHaveText('Unfulfilled');
    await expect(pay.getByText('Standard', { exact: true })).toBeVisible();
    await expect(pay.getByTestId('shipping-address')).toContainText('12 Analytical Row');
    await expect(pay.getByTestId('shipping-address')).toContainText('Portland');
    await expect(pay.getByText('Order Items (2)')).toBeVisible();
    await expect(pay.getByTestId('order-item')).toHaveCount(2);
    await expect(pay.getByTestId('order-item').filter({ hasText: first!.name })).toContainText(
      `${money(priceOf(first!))} × 1`,
    );
    await expect(pay.getByTestId('order-total')).toHaveText(shownTotal);
  });

  test('cancelling on the payment page lands on /checkout/cancel with the cart intact', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signUpShopper(page, 'Grace');
    const [product] = await simpleProducts(page.request, 1);
    const before = product!.inventory_level;
    await addToServerCart(page, baseURL!, product!.id);

    await page.goto('/');
    await page.getByTestId('cart-button').click();
    await page
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('link', { name: 'Checkout', exact: true })
      .click();
    const dialog = await fillCheckoutDialog(page);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    const pay = page;
    await pay.waitForLoadState();

    await pay.getByRole('button', { name: 'Cancel' }).click();
    await expect(pay).toHaveURL(/\/checkout\/cancel$/);
    await expect(pay.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(
      pay.getByText('Your payment was cancelled. No charges were made to your account.'),
    ).toBeVisible();
    await expect(
      pay.getByText("Your cart items are still saved and ready for checkout when you're ready."),
    ).toBeVisible();
    // One button: back to the checkout, with the cart as it was.
    const card = pay.getByRole('main');
    await expect(card.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute('href', '/checkout');
    await expect(card.getByRole('link', { name: 'Continue Shopping' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Back to Store' })).toHaveCount(0);

    // The cart is intact and the reserved unit is back in stock.
    await expect(pay.getByTestId('cart-count')).toHaveText('1');
    const after = (await (await page.request.get(`/api/products/${product!.slug}`)).json()) as ApiProduct;
    expect(after.inventory_level).toBe(before);
  });

  test('a guest checks out: email, address, a shipping method, a refused code, the priced summary, the payment page', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const [product] = await simpleProducts(page.request, 1);
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByTestId('cart-button').click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(panel.getByRole('link', { name: 'Sign in to Checkout' })).toBeVisible();
    await panel.getByRole('link', { name: 'Continue as guest' }).click();

    const dialog = page.getByRole('main');
    await expect(dialog.getByLabel('Country')).toHaveValue('US');
    // A guest is asked for everything, and may opt in to news; nothing is saved to an address book.
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Save this address')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill(`guest-${Date.now()}@example.com`);
    await dialog.getByLabel('Email me news and offers').check();
    await dialog.getByLabel('First Name').fill('Grace');
    await dialog.getByLabel('Last Name').fill('Guest');
    await dialog.getByLabel('Address', { exact: true }).fill('5 Visitor Lane');
    await dialog.getByLabel('City').fill('Portland');
    await dialog.getByLabel(/^(State|Province|Prefecture|County)\b/).selectOption('OR');
    await dialog.getByLabel('Postal Code').fill('97201');

    // The destination's methods, one chosen; the summary follows the choice.
    const methods = dialog.getByRole('radio');
    await expect(methods.first()).toBeChecked();
    if ((await methods.count()) > 1) {
      await methods.nth(1).check();
      await expect(methods.nth(1)).toBeChecked();
    }
    await expect(dialog.getByTestId('summary-line')).toHaveCount(1);
    await expect(dialog.getByTestId('summary-line')).toContainText(product!.name);

    // An unknown code is refused with the reason; the total does not change.
    await dialog.getByLabel('Discount or gift card code').fill('NO-SUCH-CODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByTestId('discount-error')).toHaveText("This discount code doesn't exist");
    await expect(dialog.getByTestId('summary-discount')).toHaveCount(0);

    const shownTotal = await settledTotal(dialog);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    const pay = page;
    await pay.waitForLoadState();
    await expect(pay).toHaveURL(/\/pay\/cs_local_/);
    await expect(pay.getByText(product!.name)).toBeVisible();
    await expect(pay.getByRole('button', { name: `Pay ${shownTotal}` })).toBeVisible();
  });

  test('signed out, "Sign in to Checkout" goes to /auth and on to the checkout page', async ({ page }) => {
    test.setTimeout(60_000); // a product page, /auth, a sign-up and the checkout page
    const [product] = await simpleProducts(page.request, 1);
    await page.goto(`/product/${product!.slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByTestId('cart-button').click();
    await page
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('link', { name: 'Sign in to Checkout' })
      .click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcheckout$/);
    await expect(page.getByText('Please sign in to complete your purchase')).toBeVisible();

    // A new account from there: on to the checkout, the guest line merged into the account's cart.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(`return-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByLabel('Confirm Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(/^return-/);
    await expect(page.getByTestId('summary-line')).toContainText(product!.name);
  });

  test('the success page for a session it cannot confirm shows only the error, never the thanks', async ({
    page,
  }) => {
    for (const url of ['/checkout/success?receipt=unknown', '/checkout/success']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: "We couldn't confirm your order" })).toBeVisible();
      await expect(page.getByRole('alert').first()).toContainText(
        'Error processing your order. Please contact support.',
      );
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
      await expect(page.getByText('Thank you for your purchase!')).toHaveCount(0);
    }
  });

  test("the demo shopper's account shows the stat cards, three recent orders and the history", async ({
    page,
  }) => {
    await page.goto('/account');
    // Signed out: sign in first, then back to the account.
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'shopper@example.com', password: 'demo1234' },
    });
    expect(signIn.ok()).toBe(true);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText('Welcome back, Jamie')).toBeVisible();
    await expect(page.getByText('Account Status')).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByTestId('recent-order')).toHaveCount(3);
    await expect(page.getByTestId('recent-order').first()).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
    const orders = Number(await page.getByTestId('stat-total-orders').textContent());
    expect(orders).toBeGreaterThanOrEqual(6);
    // More than three orders: the Recent Orders card offers View All Orders too.
    await expect(page.getByRole('link', { name: 'View All Orders' })).toHaveCount(2);

    await page.getByRole('link', { name: 'View All Orders' }).first().click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByTestId('order-row')).toHaveCount(orders);
  });
});
