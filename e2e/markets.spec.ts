import { expect, type Page, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// Buying in another market (decision 0067): a German guest sees euros written the German way, checks
// out to Germany with the VAT inside the prices, and pays the same euro amount on the payment page; a
// Japanese guest does the same in yen, which have no decimals. The demo shop's markets and rates.

interface Market {
  locale: string;
  prefix: string;
  country: string;
  currency: string;
  labels: {
    add: string;
    cart: string;
    guest: string;
    email: string;
    firstName: string;
    lastName: string;
    address: string;
    city: string;
    country: string;
    postalCode: string;
    pay: string;
    paid: string;
  };
}

const GERMANY: Market = {
  locale: 'de-DE',
  prefix: 'de',
  country: 'DE',
  currency: 'EUR',
  labels: {
    add: 'In den Warenkorb',
    cart: 'Warenkorb',
    guest: 'Als Gast fortfahren',
    email: 'E-Mail',
    firstName: 'Vorname',
    lastName: 'Nachname',
    address: 'Straße und Hausnummer',
    city: 'Ort',
    country: 'Land',
    postalCode: 'PLZ',
    pay: 'Weiter zur Zahlung',
    paid: 'Zahlung erfolgreich!',
  },
};

const JAPAN: Market = {
  locale: 'ja-JP',
  prefix: 'ja',
  country: 'JP',
  currency: 'JPY',
  labels: {
    add: 'カートに入れる',
    cart: 'ショッピングカート',
    guest: 'ゲストとして購入',
    email: 'メールアドレス',
    firstName: '名',
    lastName: '姓',
    address: '住所',
    city: '市区町村',
    country: '国',
    postalCode: '郵便番号',
    pay: 'お支払いへ進む',
    paid: 'お支払いが完了しました！',
  },
};

/** How many decimals the currency has (2 for euros, 0 for yen). */
const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount as its digits alone, so "25,99 €" and "€25.99" compare equal. */
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

async function buyAsGuest(
  page: Page,
  market: Market,
  address: { line1: string; city: string; postal: string },
) {
  const { labels } = market;
  const [product] = await simpleProducts(page.request, 1);
  const priced = await page.request.get(`/api/products/${product!.slug}?locale=${market.prefix}`);
  const inMarket = (await priced.json()) as { price: number; sale_price: number | null; currency: string };
  expect(inMarket.currency).toBe(market.currency);
  const shelf = new Intl.NumberFormat(market.locale, { style: 'currency', currency: market.currency }).format(
    (inMarket.sale_price ?? inMarket.price) / 10 ** minorDigits(market.currency),
  );

  // The browser's language picks the market: the page is in its language and currency.
  await page.goto(`/product/${product!.slug}`);
  await expect(page).toHaveURL(new RegExp(`/${market.prefix}/product/${product!.slug}$`));
  // Written the locale's way ("25,99 €", "￥4,238"), whatever space the browser puts before the sign.
  await expect(page.getByTestId('product-price')).toContainText(new RegExp(shelf.replace(/\s/g, '\\s')));

  await page.getByRole('button', { name: labels.add, exact: true }).click();
  await page.getByTestId('cart-button').click();
  const panel = page.getByRole('dialog', { name: labels.cart });
  await panel.getByRole('link', { name: labels.guest }).click();

  // The checkout page, in the market's language.
  await expect(page).toHaveURL(new RegExp(`/${market.prefix}/checkout$`));
  const dialog = page.getByRole('main');
  await dialog
    .getByLabel(labels.email, { exact: true })
    .fill(`${market.prefix}-guest-${Date.now()}@example.com`);
  await dialog.getByLabel(labels.firstName, { exact: true }).fill('Mika');
  await dialog.getByLabel(labels.lastName, { exact: true }).fill('Gast');
  // The quote for the market's country with one of its own shipping methods chosen is the one whose
  // total counts (a quote with the previous country's method comes first).
  const quoted = page.waitForResponse(async (res) => {
    if (!res.url().includes('/api/checkout/quote')) return false;
    const body = res.request().postDataJSON() as { country?: string; shipping_method_id?: string } | null;
    if (body?.country !== market.country || !body.shipping_method_id) return false;
    const answer = (await res.json()) as { shipping_methods?: Array<{ id: string }> };
    return Boolean(answer.shipping_methods?.some((m) => m.id === body.shipping_method_id));
  });
  await dialog.getByLabel(labels.country, { exact: true }).selectOption(market.country);
  await dialog.getByLabel(labels.address, { exact: true }).fill(address.line1);
  await dialog.getByLabel(labels.city, { exact: true }).fill(address.city);
  await dialog.getByLabel(labels.postalCode, { exact: true }).fill(address.postal);
  await expect(dialog.getByTestId('summary-line')).toHaveCount(1);
  const settled = (await (await quoted).json()) as { priced: { total: number } };
  const total = dialog.getByTestId('summary-total').locator('dd');
  await expect(total).toContainText(market.currency === 'JPY' ? '￥' : '€');
  await expect.poll(async () => digits(await total.textContent())).toBe(String(settled.priced.total));
  const shownTotal = (await total.textContent()) ?? '';
  return { dialog, shownTotal };
}

async function pay(page: Page, market: Market, shownTotal: string) {
  await page.getByRole('button', { name: market.labels.pay }).click();
  const payPage = page;
  await payPage.waitForLoadState();
  // The payment page charges the same amount in the same currency.
  const button = payPage.getByRole('button', { name: /^Pay / });
  await expect(button).toContainText(market.currency === 'JPY' ? '¥' : '€');
  expect(digits(await button.textContent())).toBe(digits(shownTotal));
  await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payPage.getByLabel('Expiry').fill('12 / 34');
  await payPage.getByLabel('CVC').fill('123');
  await button.click();
  await expect(payPage.getByRole('heading', { name: market.labels.paid })).toBeVisible();
}

test.describe('a German purchase', () => {
  test.use({ locale: GERMANY.locale, extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } });

  test('euros on the page, VAT inside the prices, the same euros on the payment page', async ({ page }) => {
    test.setTimeout(90_000);
    const { dialog, shownTotal } = await buyAsGuest(page, GERMANY, {
      line1: 'Torstraße 12',
      city: 'Berlin',
      postal: '10119',
    });
    // Prices include Germany's 19% VAT: stated under the total, not added to it.
    await expect(dialog.getByTestId('summary-included-tax')).toContainText('19%');
    await expect(dialog.getByTestId('summary-included-tax')).toContainText('€');
    await pay(page, GERMANY, shownTotal);
  });
});

test.describe('a Japanese purchase', () => {
  test.use({ locale: JAPAN.locale, extraHTTPHeaders: { 'accept-language': 'ja-JP,ja;q=0.9' } });

  test('yen without decimals on the page and on the payment page', async ({ page }) => {
    test.setTimeout(90_000);
    const { shownTotal } = await buyAsGuest(page, JAPAN, {
      line1: '千代田1-1',
      city: '千代田区',
      postal: '100-0001',
    });
    expect(shownTotal).not.toMatch(/[.,]\d{2}$/);
    await pay(page, JAPAN, shownTotal);
  });
});
