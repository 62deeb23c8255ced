import { expect, type Locator, type Page, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// The cart panel with what opens over it (docs/product.md#cart-panel): the "Added to cart" toast, which
// leaves when the cart opens, and the checkout dialog's dimmed backdrop.

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
  for (const width of [375, 1280]) {
    test(`at ${width} px the "Added to cart" toast goes when the cart opens: its lines and buttons are uncovered`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 740 });
      const { panel, toast } = await addAndOpenCart(page);
      // The toast has done its work once the cart is open: it leaves rather than covering what is next.
      await expect(toast).toBeHidden();
      const line = panel.getByTestId('cart-line').first();
      const checkout = panel.getByTestId('checkout-button');
      const guest = panel.getByTestId('guest-checkout-button');
      const clear = panel.getByRole('button', { name: 'Clear cart' });
      await expect(checkout).toBeVisible();
      for (const target of [line, checkout, guest, clear]) expect(await uncovered(page, target)).toBe(true);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    });
  }

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
