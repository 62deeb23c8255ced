import { expect, test } from '@playwright/test';
import {
  addToServerCart,
  fillCheckoutDialog,
  money,
  payWithTestCard,
  priceOf,
  settledTotal,
  signUpShopper,
  simpleProducts,
} from './shop-helpers.ts';

// Gift cards (docs/decisions/0074-gift-cards-and-store-credit.md): the demo shop's GIFT-DEMO-2500 pays
// $25.00 of an order at checkout and the local test card the rest; the balance page then shows it spent,
// and a second use of the card is refused. The server's database is fresh for every run.

const CODE = 'GIFT-DEMO-2500';

test.describe('Gift cards', () => {
  test('a gift card pays $25 of an order, the test card the rest; the spent card is refused next time', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpShopper(page, 'Gia');
    const products = await simpleProducts(page.request, 20);
    // A product dearer than the card, so the card pays part of it.
    const product = products.find((p) => priceOf(p) > 2500) ?? products[0]!;
    await addToServerCart(page, baseURL!, product.id, priceOf(product) > 2500 ? 1 : 3);

    await page.goto('/checkout');
    const main = await fillCheckoutDialog(page);
    await expect(main.getByTestId('summary-total')).toBeVisible();
    await main.getByLabel('Discount or gift card code').fill(CODE);
    await main.getByRole('button', { name: 'Apply' }).click();
    await expect(main.getByTestId('discount-applied')).toHaveText(`Code ${CODE} applied`);
    await expect(main.getByTestId('summary-tender')).toContainText('Gift card ····2500');
    await expect(main.getByTestId('summary-tender')).toContainText(`−${money(2500)}`);
    const total = await settledTotal(main);
    const due = ((await main.getByTestId('summary-amount-due').locator('dd').textContent()) ?? '').trim();
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
    expect(cents(total) - cents(due)).toBe(2500);

    await main.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_local_/);
    // The card is charged what is left: the page shows the gift card's part.
    await expect(page.getByText('Gift card or store credit')).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay ${due}` })).toBeVisible();
    await payWithTestCard(page);

    // The balance page: the card is spent.
    await page.goto('/gift-cards');
    // The form works once the page has hydrated.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Gift card code').fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Check Balance' }).click();
    await expect(page.getByTestId('gift-card-balance')).toContainText(`Balance: ${money(0)}`);

    // A second use is refused beside the code field.
    await addToServerCart(page, baseURL!, product.id, 1);
    await page.goto('/checkout');
    await fillCheckoutDialog(page);
    await main.getByLabel('Discount or gift card code').fill(CODE);
    await main.getByRole('button', { name: 'Apply' }).click();
    await expect(main.getByTestId('discount-error')).toHaveText('This gift card has no balance left.');
    await expect(main.getByTestId('summary-tender')).toHaveCount(0);
  });
});
