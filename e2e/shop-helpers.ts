import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';

// Steps several storefront journeys share: a shopper of their own, products to buy, the checkout form.

export interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  price: number;
  sale_price: number | null;
  inventory_level: number;
  variant_count: number;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const money = (cents: number) => usd.format(cents / 100);
export const priceOf = (p: { price: number; sale_price: number | null }) =>
  p.sale_price !== null && p.sale_price > 0 && p.sale_price < p.price ? p.sale_price : p.price;

/** Signs a new shopper up (which signs them in) in the page's cookie jar. */
export async function signUpShopper(page: Page, firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct-horse-battery', name: email, firstName, lastName: 'Tester' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

/**
 * Waits until the storefront page has hydrated: the router sets manual scroll restoration once it is
 * mounted. A tap on a part that works only with JavaScript (a menu, a toggle) before then is lost.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => history.scrollRestoration === 'manual', undefined, { timeout: 20_000 });
}

/**
 * Holds every request matching `match` (a glob or a test of the URL) until the returned function is
 * called.
 */
export async function hold(page: Page, match: string | ((url: URL) => boolean)): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(match, async (route) => {
    await released;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  return release;
}

/** Puts one unit of a simple product into this browser's cart, from its page; answers the product. */
export async function addOneToCart(page: Page): Promise<ApiProduct> {
  const [product] = await simpleProducts(page.request, 1);
  await page.goto(`/product/${product!.slug}`);
  // The page's script has loaded and hydrated the button (a loaded machine takes a while).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  return product!;
}

/** Products without variants and with stock, from the demo shop, most stock first. */
export async function simpleProducts(request: APIRequestContext, count: number): Promise<ApiProduct[]> {
  const res = await request.get('/api/products?limit=100');
  const { items } = (await res.json()) as { items: ApiProduct[] };
  const simple = items
    .filter((p) => p.variant_count === 0 && p.inventory_level >= 5)
    .sort((a, b) => b.inventory_level - a.inventory_level);
  expect(simple.length, 'the demo shop has products without variants in stock').toBeGreaterThanOrEqual(count);
  return simple.slice(0, count);
}

/** Puts `quantity` of a product without variants into the signed-in shopper's cart through the API. */
export async function addToServerCart(page: Page, baseURL: string, productId: string, quantity = 1) {
  // Outside a page, the request says which page it comes from, as the shop's own pages do.
  const add = await page.request.post('/api/cart/items', {
    headers: { origin: baseURL },
    data: { product_id: productId, variant_id: null, quantity },
  });
  expect(add.ok(), await add.text()).toBe(true);
}

/** Fills the checkout dialog's address for a signed-in shopper (email and names come from the account). */
export async function fillCheckoutDialog(page: Page) {
  const dialog = page.getByRole('main');
  await expect(dialog).toBeVisible();
  // Email, first and last name come from the account.
  await expect(dialog.getByLabel('Email', { exact: true })).not.toHaveValue('');
  await expect(dialog.getByLabel('First Name')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Country')).toHaveValue('US');
  await dialog.getByLabel('Last Name').fill('Tester');
  await dialog.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
  await dialog.getByLabel('City').fill('Portland');
  // A list when the shop knows the country's states, else a text box.
  const state = dialog.getByLabel(/^(State|Province|Prefecture|County)\b/);
  if ((await state.evaluate((el) => el.tagName)) === 'SELECT') await state.selectOption('OR');
  else await state.fill('OR');
  await dialog.getByLabel('Postal Code').fill('97201');
  return dialog;
}

/**
 * Waits until the checkout summary shows the newest quote: while a change (a method chosen, a code
 * applied) is being priced the summary is busy and its figures are the last answer's.
 */
export async function summarySettled(scope: Locator) {
  await expect(scope.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The checkout summary's total once it shows the newest quote: "$17.99". */
export async function settledTotal(scope: Locator): Promise<string> {
  await summarySettled(scope);
  return ((await scope.getByTestId('summary-total').locator('dd').textContent()) ?? '').trim();
}

/** Pays on the local payment page with the test card and waits for the success page's order number. */
export async function payWithTestCard(pay: Page) {
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry').fill('12 / 34');
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: /^Pay / }).click();
  await expect(pay).toHaveURL(/\/checkout\/success\?receipt=/);
  await expect(pay.getByTestId('order-number')).toHaveText(/^Order Number: #\d+$/);
}

/**
 * Places and pays a guest order through the API (checkout session, the local card form, the success
 * page's completion), as a guest in a browser does; returns the order number.
 */
export async function placeGuestOrder(
  request: APIRequestContext,
  baseURL: string,
  guest: { firstName: string; lastName: string; email: string },
): Promise<number> {
  const [product] = await simpleProducts(request, 1);
  const headers = { origin: baseURL };
  const session = await request.post('/api/checkout/sessions', {
    headers,
    data: {
      customer_info: {
        ...guest,
        address: '1 Long Street',
        city: 'Springfield',
        postalCode: '62701',
        country: 'US',
        state: 'IL',
      },
      guest: {
        checkout_key: crypto.randomUUID(),
        lines: [{ product_id: product!.id, variant_id: null, quantity: 1 }],
      },
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const sessionId = decodeURIComponent(new URL((await session.json()).url).pathname.split('/').pop()!);
  const pay = await request.post(`/pay/${encodeURIComponent(sessionId)}`, {
    headers,
    form: {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: guest.firstName,
      action: 'pay',
    },
    maxRedirects: 0,
  });
  expect(pay.status(), await pay.text()).toBeLessThan(400);
  const done = await request.post('/api/checkout/complete', { headers, data: { session_id: sessionId } });
  expect(done.ok(), await done.text()).toBe(true);
  return (await done.json()).order_number;
}

/** Signs the demo shop's admin in, in the page's cookie jar (page.request and the page share it). */
export async function signInAsAdmin(page: Page) {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@example.com', password: 'demo1234' },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

/** A browser context signed in as one of the demo shop's accounts (password demo1234). */
export async function contextAs(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'demo1234' },
  });
  expect(res.ok()).toBe(true);
  return context;
}

/** A new shopper buys two units of one product and one of another, paying on the local test page. */
export async function placePaidOrder(
  page: Page,
  baseURL: string,
): Promise<{ orderId: string; products: ApiProduct[]; email: string }> {
  const email = await signUpShopper(page, 'Tracy');
  const products = await simpleProducts(page.request, 2);
  await addToServerCart(page, baseURL, products[0]!.id, 2);
  await addToServerCart(page, baseURL, products[1]!.id, 1);
  const { orderId } = await payForCart(page, baseURL, email, 'Tracy');
  return { orderId, products, email };
}

/**
 * The signed-in shopper checks out their server cart to an address in Portland, OR, and pays on the
 * local test page (the success page's completion included); answers the order's id.
 */
export async function payForCart(page: Page, baseURL: string, email: string, firstName: string) {
  const session = await page.request.post('/api/checkout/sessions', {
    headers: { origin: baseURL },
    data: {
      customer_info: {
        email,
        firstName,
        lastName: 'Tester',
        address: '12 Analytical Row',
        city: 'Portland',
        state: 'OR',
        postalCode: '97201',
        country: 'US',
      },
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const sessionId = decodeURIComponent(new URL((await session.json()).url).pathname.split('/').pop()!);
  const pay = await page.request.post(`/pay/${encodeURIComponent(sessionId)}`, {
    headers: { origin: baseURL },
    form: {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: `${firstName} Tester`,
      action: 'pay',
    },
    maxRedirects: 0,
  });
  expect(pay.status(), await pay.text()).toBeLessThan(400);
  const done = await page.request.post('/api/checkout/complete', {
    headers: { origin: baseURL },
    data: { session_id: sessionId },
  });
  expect(done.ok(), await done.text()).toBe(true);
  const number = (await done.json()).order_number as number;
  const mine = await page.request.get('/api/account/orders');
  const order = ((await mine.json()).items as Array<{ id: string; order_number: number }>).find(
    (o) => o.order_number === number,
  );
  expect(order).toBeDefined();
  return { orderId: order!.id, orderNumber: number };
}

/** The outbox (admins) shows one email of `kind` (as it reads there) whose subject has `subject`, and its text contains `text`. */
export async function expectInOutbox(
  browser: Browser,
  baseURL: string,
  kind: string,
  subject: string,
  text: string,
) {
  const admin = await contextAs(browser, baseURL, 'admin@example.com');
  try {
    const page = await admin.newPage();
    await page.goto('/admin/emails');
    const row = page.getByTestId('outbox-email').filter({ hasText: subject }).filter({ hasText: kind });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^View email to / }).click();
    // The dialog shows the HTML as sent; the text version below it holds the same words.
    await expect(page.getByRole('dialog').getByTestId('email-text')).toContainText(text);
  } finally {
    await admin.close();
  }
}
