import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { checkLayout, describeFaults, disableMotion, HEIGHT, settle, WIDTHS } from './layout-check.ts';
import { placeGuestOrder } from './shop-helpers.ts';

// Every route of the storefront and the back office at 375, 768, 1024, 1280 and 1920 px, each width in its
// own browser context (the page is loaded at that width, as a phone or a desktop would load it; the
// sign-ins are made once and reused): nothing makes the page scroll sideways, tables fit from 1280 px,
// tables that scroll inside their card say so and keep their row actions in view, dialogs fit, and no
// visible control (the page's primary button among them) is covered by another. The back office is also
// checked with its sidebar collapsed from 768 px. The tests add only a guest order, a customer and a team
// member with very long names and emails first (tables must fit them), and change no data other specs use
// (the guest cart lives in the browser's storage).

type Ready = (page: Page) => Locator;
interface Screen {
  label: string;
  path: () => string;
  ready: Ready;
  /** Opens a dialog on the screen once it is checked; the dialog is checked too, then closed. */
  dialog?: Ready;
}

const heading =
  (name: string | RegExp = /.+/): Ready =>
  (page) =>
    page.getByRole('heading', { name, level: 1 }).first();
const firstRow: Ready = (page) => page.getByRole('row').nth(1);

/** A context at one width, signed in as `state` says, with motion off. */
async function contextAt(browser: Browser, baseURL: string, width: number, state?: StorageState) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: HEIGHT },
    storageState: state,
  });
  await disableMotion(context);
  return context;
}
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs a demo account in once; its cookies are reused by every width's context. */
async function signedIn(browser: Browser, baseURL: string, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'demo1234' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Loads a screen and waits until its data is in: the ready locator shows and no skeleton or busy table
 * is left (quicker than waiting for a quiet network, which costs half a second a screen).
 */
async function open(page: Page, path: string, ready: Ready) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]:visible, [aria-busy="true"]:visible')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await settle(page);
}

/** The desktop sidebar's state, set with its keyboard shortcut (the page is at a desktop width). */
async function setSidebar(page: Page, state: 'expanded' | 'collapsed') {
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  if ((await sidebar.getAttribute('data-state')) !== state) await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', state);
  await settle(page);
}

/** Checks each screen as loaded at this width (and its dialog, if it has one); returns every fault. */
async function checkScreens(page: Page, width: number, screens: Screen[], sidebar = false) {
  const faults: string[] = [];
  for (const screen of screens) {
    const where = `${screen.label} @${width}`;
    await open(page, screen.path(), screen.ready);
    faults.push(...describeFaults(where, await checkLayout(page)));
    if (sidebar && width >= 768) {
      await setSidebar(page, 'collapsed');
      faults.push(...describeFaults(`${where} (sidebar collapsed)`, await checkLayout(page)));
      await setSidebar(page, 'expanded');
    }
    if (screen.dialog) {
      await screen.dialog(page).click();
      await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
      await settle(page);
      faults.push(...describeFaults(`${where} dialog`, await checkLayout(page)));
      await page.keyboard.press('Escape');
    }
  }
  return faults;
}

test.describe('Layout at five widths', () => {
  let adminState: StorageState;
  let shopperState: StorageState;
  let ids: {
    hoodie: string;
    hoodieSlug: string;
    simpleProduct: { id: string; slug: string };
    order: string;
    customer: string;
    discount: string;
    zone: string;
    taxPlace: string;
    market: string;
    giftCard: string;
    shopperOrder: string;
  };

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    adminState = await signedIn(browser, baseURL!, 'admin@example.com');
    shopperState = await signedIn(browser, baseURL!, 'shopper@example.com');
    const admin = await contextAt(browser, baseURL!, 1280, adminState);
    const get = async (path: string, context = admin) => {
      const res = await context.request.get(path);
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json();
    };
    // The longest names and emails a row may hold, in the orders, customers and team tables.
    const long = `${'Bartholomew-Maximilian'.repeat(2)}`;
    const email = `${long.toLowerCase()}.${Date.now()}@a-very-long-company-domain-name.example.com`;
    const visitor = await browser.newContext({ baseURL });
    await placeGuestOrder(visitor.request, baseURL!, { firstName: long, lastName: long, email });
    for (const address of [`x${email}`, `team.${email}`]) {
      const signUp = await visitor.request.post('/api/auth/sign-up/email', {
        headers: { origin: baseURL! },
        data: {
          email: address,
          password: 'correct-horse-battery',
          name: long,
          firstName: long,
          lastName: long,
        },
      });
      expect(signUp.ok(), await signUp.text()).toBe(true);
    }
    await visitor.close();
    const found = (await get(`/api/admin/users?email=${encodeURIComponent(`team.${email}`)}`)).items as {
      user_id: string;
    }[];
    const promote = await admin.request.put(`/api/admin/team/${found[0]!.user_id}`, {
      headers: { origin: baseURL! },
      data: { role: 'staff' },
    });
    expect(promote.ok(), await promote.text()).toBe(true);
    // A live API key with a long name: its row's Revoke must stay in view on a phone.
    const key = await admin.request.post('/api/admin/api-keys', {
      headers: { origin: baseURL! },
      data: { name: `Layout ${long}`, role: 'staff' },
    });
    expect(key.ok(), await key.text()).toBe(true);
    const products = (await get('/api/products?limit=100')).items as {
      id: string;
      slug: string;
      name: string;
      variant_count: number;
    }[];
    const hoodie = products.find((p) => p.name === 'Harbor Fleece Hoodie');
    const simple = products.find((p) => p.variant_count === 0);
    expect(hoodie?.variant_count, 'the demo hoodie has variants').toBeGreaterThan(0);
    const shopper = await contextAt(browser, baseURL!, 1280, shopperState);
    const shopperOrders = (await get('/api/account/orders', shopper)).items as { id: string }[];
    await shopper.close();
    expect(shopperOrders.length, 'the demo shopper has past orders').toBeGreaterThan(0);
    ids = {
      hoodie: hoodie!.id,
      hoodieSlug: hoodie!.slug,
      simpleProduct: { id: simple!.id, slug: simple!.slug },
      order: (await get('/api/admin/orders')).items[0].id,
      customer: (await get('/api/admin/customers')).items[0].id,
      discount: (await get('/api/admin/discounts')).items[0].id,
      zone: (await get('/api/admin/shipping/zones')).items[0].id,
      taxPlace: (await get('/api/admin/shipping/taxes')).items[0].place,
      market: (await get('/api/admin/markets')).items[0].id,
      giftCard: (await get('/api/admin/gift-cards')).items[0].id,
      shopperOrder: shopperOrders[0]!.id,
    };
    await admin.close();
  });

  // Every route of apps/admin/src/app/router.tsx, with a record for each detail page.
  const adminScreens: Screen[] = [
    { label: 'dashboard', path: () => '/admin', ready: heading() },
    {
      label: 'analytics',
      path: () => '/admin/analytics',
      ready: (p) => p.getByRole('table', { name: 'Top products' }),
    },
    {
      label: 'products',
      path: () => '/admin/products',
      ready: firstRow,
      dialog: (p) => p.getByRole('button', { name: 'Import', exact: true }),
    },
    { label: 'new product', path: () => '/admin/products/new', ready: heading('Add product') },
    {
      label: 'product with variants',
      path: () => `/admin/products/${ids.hoodie}`,
      ready: heading('Harbor Fleece Hoodie'),
      dialog: (p) => p.getByRole('button', { name: 'Delete', exact: true }).first(),
    },
    { label: 'categories', path: () => '/admin/categories', ready: heading() },
    { label: 'orders', path: () => '/admin/orders', ready: firstRow },
    { label: 'an order', path: () => `/admin/orders/${ids.order}`, ready: heading(/^Order #/) },
    { label: 'customers', path: () => '/admin/customers', ready: firstRow },
    { label: 'a customer', path: () => `/admin/customers/${ids.customer}`, ready: heading() },
    {
      label: 'content',
      path: () => '/admin/content',
      ready: (p) => p.getByRole('button', { name: 'Edit About us' }),
    },
    { label: 'translations', path: () => '/admin/translations', ready: heading() },
    { label: 'a translation', path: () => `/admin/translations/product/${ids.hoodie}`, ready: heading() },
    { label: 'point of sale', path: () => '/admin/channels/pos', ready: heading('Point of Sale') },
    { label: 'new draft order', path: () => '/admin/channels/pos/new', ready: heading('New order') },
    { label: 'discounts', path: () => '/admin/discounts', ready: firstRow },
    { label: 'new discount', path: () => '/admin/discounts/new', ready: heading() },
    { label: 'a discount', path: () => `/admin/discounts/${ids.discount}`, ready: heading() },
    { label: 'gift cards', path: () => '/admin/gift-cards', ready: firstRow },
    { label: 'a gift card', path: () => `/admin/gift-cards/${ids.giftCard}`, ready: heading() },
    { label: 'marketing', path: () => '/admin/marketing', ready: heading('Marketing') },
    {
      label: 'finances',
      path: () => '/admin/finances',
      ready: (p) => p.getByRole('table', { name: 'Payments and refunds' }),
    },
    { label: 'shop channel', path: () => '/admin/channels/shop', ready: heading('Shop') },
    { label: 'team', path: () => '/admin/team', ready: (p) => p.getByTestId('team-member').first() },
    { label: 'settings', path: () => '/admin/settings', ready: heading() },
    { label: 'shipping settings', path: () => '/admin/settings/shipping', ready: heading() },
    { label: 'new shipping zone', path: () => '/admin/settings/shipping/zones/new', ready: heading() },
    { label: 'a shipping zone', path: () => `/admin/settings/shipping/zones/${ids.zone}`, ready: heading() },
    { label: 'new tax place', path: () => '/admin/settings/shipping/taxes/new', ready: heading() },
    {
      label: 'a tax place',
      path: () => `/admin/settings/shipping/taxes/${encodeURIComponent(ids.taxPlace)}`,
      ready: heading(),
    },
    { label: 'checkout settings', path: () => '/admin/settings/checkout', ready: heading() },
    {
      label: 'payment settings',
      path: () => '/admin/settings/payments',
      ready: (p) => p.getByLabel('PayPal'),
    },
    { label: 'markets', path: () => '/admin/settings/markets', ready: heading() },
    { label: 'new market', path: () => '/admin/settings/markets/new', ready: heading() },
    { label: 'a market', path: () => `/admin/settings/markets/${ids.market}`, ready: heading() },
    { label: 'jobs', path: () => '/admin/settings/jobs', ready: heading('Jobs') },
    { label: 'apps', path: () => '/admin/apps', ready: (p) => p.getByTestId('api-key-row').first() },
    {
      label: 'online store',
      path: () => '/admin/channels/online-store',
      ready: (p) => p.getByLabel('Shop name'),
    },
    { label: 'emails', path: () => '/admin/emails', ready: heading() },
    { label: 'email templates', path: () => '/admin/emails/templates', ready: heading() },
    { label: 'audit log', path: () => '/admin/audit-log', ready: heading('Audit log') },
    { label: 'not found', path: () => '/admin/no-such-page', ready: heading() },
  ];

  const guestScreens: Screen[] = [
    { label: 'home', path: () => '/', ready: heading() },
    { label: 'catalog', path: () => '/products', ready: heading() },
    { label: 'a category', path: () => '/categories/outdoor', ready: heading() },
    {
      label: 'search',
      path: () => '/products?search=hoodie',
      ready: (p) => p.getByRole('link', { name: /Hoodie/ }).first(),
    },
    {
      label: 'product with variants',
      path: () => `/product/${ids.hoodieSlug}`,
      ready: heading('Harbor Fleece Hoodie'),
    },
    { label: 'product', path: () => `/product/${ids.simpleProduct.slug}`, ready: heading() },
    { label: 'a content page', path: () => '/pages/shipping-returns', ready: heading('Shipping & Returns') },
    { label: 'gift card balance', path: () => '/gift-cards', ready: heading() },
    { label: 'cart', path: () => '/cart', ready: (p) => p.getByTestId('cart-line').first() },
    {
      label: 'checkout',
      path: () => '/checkout',
      ready: (p) => p.getByTestId('checkout-summary').getByTestId('summary-line').first(),
    },
    { label: 'sign in', path: () => '/auth', ready: (p) => p.getByRole('tab', { name: 'Sign In' }) },
    {
      label: 'sign up',
      path: () => '/auth?mode=signup',
      ready: (p) => p.getByRole('tab', { name: 'Sign Up' }),
    },
    {
      label: 'success without a session',
      path: () => '/checkout/success',
      ready: (p) => p.getByRole('alert').first(),
    },
    { label: 'payment cancelled', path: () => '/checkout/cancel', ready: heading() },
    {
      label: 'order link not valid',
      path: () => '/orders/view/not-a-token',
      ready: heading('Order link not valid'),
    },
    { label: 'not found', path: () => '/no-such-page', ready: heading() },
    {
      label: 'back-office sign-in',
      path: () => '/admin/auth',
      ready: (p) => p.getByRole('button', { name: /sign in/i }).first(),
    },
  ];

  const shopperScreens: Screen[] = [
    { label: 'account', path: () => '/account', ready: heading('My Account') },
    { label: 'order history', path: () => '/account/orders', ready: heading() },
    { label: 'an order', path: () => `/account/orders/${ids.shopperOrder}`, ready: heading() },
    { label: 'home signed in', path: () => '/', ready: heading() },
    // Read-only stand-ins: making these for real places an order, so the browser gets the shopper's own.
    {
      label: 'paid success page',
      path: () => '/checkout/success?receipt=layout',
      ready: (p) => p.getByTestId('order-number'),
    },
    { label: 'order by link', path: () => `/orders/view/${'a'.repeat(43)}`, ready: heading() },
  ];

  for (const width of WIDTHS) {
    test(`back office at ${width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const context = await contextAt(browser, baseURL!, width, adminState);
      const page = await context.newPage();
      const faults = await checkScreens(page, width, adminScreens, true);
      if (width < 768) {
        await open(page, '/admin', heading());
        await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
        await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
        faults.push(...describeFaults(`sidebar sheet @${width}`, await checkLayout(page)));
      }
      await context.close();
      expect(faults).toEqual([]);
    });

    test(`storefront at ${width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      // A guest cart in the browser's storage: the cart and checkout pages have a line (nothing on the server).
      const guest = await contextAt(browser, baseURL!, width, {
        cookies: [],
        origins: [
          {
            origin: baseURL!,
            localStorage: [
              {
                name: 'guest_cart',
                value: JSON.stringify([{ product_id: ids.simpleProduct.id, quantity: 2 }]),
              },
            ],
          },
        ],
      });
      const page = await guest.newPage();
      const faults = await checkScreens(page, width, guestScreens);
      await open(page, '/', (p) => p.getByTestId('cart-button'));
      await page.waitForLoadState('networkidle');
      await page.getByTestId('cart-button').click();
      await expect(page.getByRole('dialog', { name: 'Shopping Cart' }).getByTestId('cart-line')).toHaveCount(
        1,
      );
      faults.push(...describeFaults(`cart panel @${width}`, await checkLayout(page)));
      await guest.close();

      const shopper = await contextAt(browser, baseURL!, width, shopperState);
      const signedInPage = await shopper.newPage();
      const order = await (await shopper.request.get(`/api/account/orders/${ids.shopperOrder}`)).json();
      await signedInPage.route('**/api/checkout/receipts/*', (route) =>
        route.fulfill({ json: { state: 'paid', order, guest_email: null } }),
      );
      await signedInPage.route('**/api/orders/by-link/*', (route) => route.fulfill({ json: order }));
      faults.push(...(await checkScreens(signedInPage, width, shopperScreens)));
      await shopper.close();
      expect(faults).toEqual([]);
    });
  }
});
