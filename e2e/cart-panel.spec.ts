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

  test("the checkout dialog's backdrop covers and dims the cart panel", async ({ page }) => {
    test.setTimeout(60_000);
    const { panel } = await addAndOpenCart(page);
    await panel.getByTestId('guest-checkout-button').click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await expect(dialog).toBeVisible();

    // A point of the cart panel outside the dialog: the top-most element there is the dimmed backdrop.
    const panelBox = (await page.getByTestId('cart-panel').boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    const x = Math.max(panelBox.x + 8, dialogBox.x + dialogBox.width + 8);
    expect(x).toBeLessThan(panelBox.x + panelBox.width);
    const hit = await page.evaluate(
      ([px, py]) => {
        const el = document.elementFromPoint(px!, py!);
        return {
          slot: el?.getAttribute('data-slot') ?? null,
          background: el ? getComputedStyle(el).backgroundColor : null,
        };
      },
      [x, panelBox.y + panelBox.height / 2],
    );
    expect(hit.slot).toBe('dialog-overlay');
    expect(hit.background).toMatch(/rgba\(0, 0, 0, 0\.[1-9]\d*\)|oklab\(0 0 0 \/ 0\.[1-9]\d*\)/);
  });
});
