import { expect, type Locator, type Page, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// The cart panel with what opens over it (docs/product.md#cart-panel): the "Added to cart" toast on a
// phone, and the checkout dialog's dimmed backdrop.

/** Whether the top-most element at each of the box's centre and edge points is inside `target`. */
async function uncovered(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const inset = 3;
  const points = [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + box.width / 2, box.y + inset],
    [box.x + box.width / 2, box.y + box.height - inset],
    [box.x + inset, box.y + box.height / 2],
    [box.x + box.width - inset, box.y + box.height / 2],
  ];
  const handle = await target.elementHandle();
  return page.evaluate(
    ({ el, points }) => points.every(([x, y]) => el?.contains(document.elementFromPoint(x!, y!)) ?? false),
    { el: handle, points },
  );
}

/** A guest's cart with one product in it, opened from the product page's toast still on screen. */
async function addAndOpenCart(page: Page) {
  const [product] = await simpleProducts(page.request, 1);
  await page.goto(`/product/${product!.slug}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByText('Added to cart', { exact: true });
  await expect(toast).toBeVisible();
  // Keeps the toast up however slow the machine is: sonner pauses its timers while the page is hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  // By keyboard: on a phone the toast sits at the top, over the header (it has its own "View cart").
  await page.getByTestId('cart-button').press('Enter');
  const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(panel.getByTestId('cart-line')).toHaveCount(1);
  return { panel, toast };
}

test.describe('Cart panel', () => {
  test('on a 375 px phone the "Added to cart" toast leaves the cart\'s checkout and clear buttons uncovered', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 740 });
    const { panel, toast } = await addAndOpenCart(page);
    const checkout = panel.getByTestId('checkout-button');
    const guest = panel.getByTestId('guest-checkout-button');
    await expect(checkout).toBeVisible();
    // While the toast is still up: every point of the footer's buttons is theirs, not the toast's.
    await expect(toast).toBeVisible();
    expect(await uncovered(page, checkout)).toBe(true);
    expect(await uncovered(page, guest)).toBe(true);
    const clear = panel.getByRole('button', { name: 'Clear cart' });
    expect(await uncovered(page, clear)).toBe(true);
    // The open panel makes the rest of the page ignore the pointer, so elementFromPoint looks through the
    // toast: its box must not meet the buttons' boxes either.
    const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
    for (const button of [checkout, guest, clear]) {
      const box = (await button.boundingBox())!;
      const apart =
        toastBox.y + toastBox.height <= box.y ||
        box.y + box.height <= toastBox.y ||
        toastBox.x + toastBox.width <= box.x ||
        box.x + box.width <= toastBox.x;
      expect(apart, 'the toast does not overlap the button').toBe(true);
    }
    await expect(toast).toBeVisible();
  });

  test("the panel's guest checkout goes to the checkout page in this tab, the panel closed; /cart shows the same cart", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { panel } = await addAndOpenCart(page);
    const pages: unknown[] = [];
    page.context().on('page', (opened) => pages.push(opened));
    await panel.getByTestId('guest-checkout-button').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByTestId('cart-panel')).toHaveCount(0);
    await expect(page.getByTestId('summary-line')).toHaveCount(1);

    await page.getByRole('link', { name: 'Return to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByTestId('cart-page-totals').getByTestId('guest-checkout-button').click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(pages).toHaveLength(0);
  });
});
