import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { checkLayout, describeFaults, disableMotion, resize, settle, WIDTHS } from './layout-check.ts';
import { addToServerCart, payForCart, placeGuestOrder, simpleProducts } from './shop-helpers.ts';

// Every route of the back office (apps/admin/src/app/router.tsx) and the storefront
// (apps/storefront/src/app/routes.tsx) at 375, 768, 1024, 1280 and 1920 px: one page per screen, resized
// from the widest width down (a context per width was too slow). It fails when the page scrolls sideways
// outside a scroll area, a visible control (the primary button among them) is covered, a dialog does not
// fit, a table needs scrolling from 1280 px, or a table scrolling inside its card shows no hint or hides
// its row actions. The back office is checked with its sidebar expanded, and collapsed at the two
// narrowest desktop widths. The tests add only a guest order, a customer (with a delivered order and a
// return of it), a team member and an API key with very long names first (tables must fit them), and a
// customer group with a price list, a draft campaign and a Point of Sale draft for the screens the demo
// shop has none of; they change no data other specs use (the group has no members, the campaign no
// segment, the guest cart lives in the browser's storage; the return settings are the ones
// returns.spec.ts saves).

const DESKTOP_WIDTHS = WIDTHS.filter((w) => w >= 768).reverse();
const COLLAPSED_WIDTHS = [1024, 768];

/** One browser context per role, shared by the screens of that role (sign-in once, not per screen). */
async function roleContext(browser: Browser, baseURL: string, email?: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1920, height: 800 } });
  await disableMotion(context);
  if (email) {
    const res = await context.request.post('/api/auth/sign-in/email', {
      data: { email, password: 'demo1234' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const page = await context.newPage();
  return { context, page };
}

/** Loads a screen and waits until its data is in (the ready locator shows, the network is quiet). */
async function open(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Checks the page as it is at each width; returns every fault with where it was seen. */
async function checkWidths(page: Page, label: string, widths: readonly number[]) {
  const faults: string[] = [];
  for (const width of widths) {
    await resize(page, width);
    faults.push(...describeFaults(`${label} @${width}`, await checkLayout(page)));
  }
  return faults;
}

/** The desktop sidebar's state, set with its keyboard shortcut (the page is at a desktop width). */
async function setSidebar(page: Page, state: 'expanded' | 'collapsed') {
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  if ((await sidebar.getAttribute('data-state')) !== state) await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', state);
  await settle(page);
}

/** An admin screen at every width, with the sidebar expanded and collapsed (and the phone's sheet). */
async function checkAdminScreen(page: Page, label: string) {
  const faults: string[] = [];
  await resize(page, 1920);
  await setSidebar(page, 'expanded');
  faults.push(...(await checkWidths(page, `${label} (sidebar expanded)`, DESKTOP_WIDTHS)));
  await setSidebar(page, 'collapsed');
  faults.push(...(await checkWidths(page, `${label} (sidebar collapsed)`, COLLAPSED_WIDTHS)));
  await setSidebar(page, 'expanded');
  faults.push(...(await checkWidths(page, `${label} (phone)`, [375])));
  return faults;
}

test.describe('Layout at five widths', () => {
  let admin: { context: BrowserContext; page: Page };
  let ids: {
    hoodie: string;
    hoodieSlug: string;
    simpleProduct: { id: string; slug: string };
    order: string;
    customer: string;
    discount: string;
    zone: string;
    categorySlug: string;
    taxPlace: string;
    market: string;
    giftCard: string;
    draft: string;
    editableOrder: string;
    return: string;
    priceList: string;
    campaign: string;
    giftCardProduct: { id: string; slug: string };
  };

  test.beforeAll(async ({ browser, baseURL }) => {
    admin = await roleContext(browser, baseURL!, 'admin@example.com');
    const get = async (path: string) => {
      const res = await admin.context.request.get(path);
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json();
    };
    // The longest names and emails a row may hold, in the orders and customers tables.
    const long = `${'Bartholomew-Maximilian'.repeat(2)}`;
    // Names that must be unique get the time too (the hook runs again in a new worker after a failure).
    const stamp = Date.now();
    const email = `${long.toLowerCase()}.${Date.now()}@a-very-long-company-domain-name.example.com`;
    const visitor = await browser.newContext({ baseURL });
    // Paid and not fulfilled: it can be edited (the order edit screen).
    const guestOrder = await placeGuestOrder(visitor.request, baseURL!, {
      firstName: long,
      lastName: long,
      email,
    });
    const signUp = await visitor.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL! },
      data: {
        email: `x${email}`,
        password: 'correct-horse-battery',
        name: long,
        firstName: long,
        lastName: long,
      },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    // The customer buys one item (paid on the local test page); it is delivered and they return it below.
    const buyer = await visitor.newPage();
    const [item] = await simpleProducts(visitor.request, 1);
    await addToServerCart(buyer, baseURL!, item!.id, 1);
    const { orderId: returned } = await payForCart(buyer, baseURL!, `x${email}`, long);
    const send = async (
      context: BrowserContext,
      method: 'post' | 'put',
      path: string,
      data: unknown,
    ): Promise<{ id: string }> => {
      const res = await context.request[method](path, { headers: { origin: baseURL! }, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json();
    };
    for (const step of ['fulfil', 'deliver']) {
      await send(admin.context, 'post', `/api/admin/orders/${returned}/${step}`, {});
    }
    await send(admin.context, 'put', '/api/admin/settings/returns', {
      window_days: 30,
      address: {
        name: 'Cartwheel Returns',
        address_line_1: '5 Dock Road',
        city: 'Portland',
        state_province: 'OR',
        postal_code: '97210',
        country: 'US',
      },
    });
    const bought = await (await visitor.request.get(`/api/account/orders/${returned}`)).json();
    await send(visitor, 'post', `/api/account/orders/${returned}/returns`, {
      items: [{ order_item_id: bought.order_items[0].id, quantity: 1, reason: 'too_small' }],
      note: `Returned by ${long}`,
    });
    // And a team member with the same long name and email (the team table must fit them too).
    const memberEmail = `team.${email}`;
    const member = await visitor.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL! },
      data: {
        email: memberEmail,
        password: 'correct-horse-battery',
        name: long,
        firstName: long,
        lastName: long,
      },
    });
    expect(member.ok(), await member.text()).toBe(true);
    await visitor.close();
    const found = (await get(`/api/admin/users?email=${encodeURIComponent(memberEmail)}`)).items as {
      user_id: string;
    }[];
    const promote = await admin.context.request.put(`/api/admin/team/${found[0]!.user_id}`, {
      headers: { origin: baseURL! },
      data: { role: 'staff' },
    });
    expect(promote.ok(), await promote.text()).toBe(true);
    // A live API key with a long name: its row's Revoke must stay in view on a phone.
    const key = await admin.context.request.post('/api/admin/api-keys', {
      headers: { origin: baseURL! },
      data: { name: `Layout ${long}`, role: 'staff' },
    });
    expect(key.ok(), await key.text()).toBe(true);
    const group = await send(admin.context, 'post', '/api/admin/customer-groups', {
      name: `Layout ${long} ${stamp}`,
      min_order_amount: null,
      payment_terms_days: 30,
    });
    const products = (await get('/api/products?limit=100')).items as {
      id: string;
      slug: string;
      name: string;
      variant_count: number;
    }[];
    const priceList = await send(admin.context, 'post', '/api/admin/price-lists', {
      name: `Layout ${long} ${stamp}`,
      group_id: group.id,
      entries: [
        {
          product_id: products[0]!.id,
          variant_id: null,
          category_id: null,
          min_quantity: 1,
          price: 100,
          currency: 'USD',
          percent_off_bps: null,
        },
      ],
    });
    const campaign = await send(admin.context, 'post', '/api/admin/campaigns', {
      name: `Layout ${long} ${stamp}`,
      subject: `A subject for ${long}`,
      segment_id: null,
      blocks: [{ type: 'text', text: `Hello ${long}` }],
    });
    // A Point of Sale draft for the long-named customer (the demo shop has none).
    const draft = await send(admin.context, 'post', '/api/admin/draft-orders', {
      lines: [{ product_id: products[0]!.id, variant_id: null, quantity: 1 }],
      email,
      first_name: long,
      last_name: long,
    });
    const hoodie = products.find((p) => p.name === 'Harbor Fleece Hoodie');
    const giftCardProduct = (await get('/api/products/cartwheel-gift-card')) as { id: string; slug: string };
    const simple = products.find((p) => p.variant_count === 0);
    expect(hoodie?.variant_count, 'the demo hoodie has variants').toBeGreaterThan(0);
    ids = {
      hoodie: hoodie!.id,
      hoodieSlug: hoodie!.slug,
      simpleProduct: { id: simple!.id, slug: simple!.slug },
      order: (await get('/api/admin/orders')).items[0].id,
      customer: (await get('/api/admin/customers')).items[0].id,
      discount: (await get('/api/admin/discounts')).items[0].id,
      zone: (await get('/api/admin/shipping/zones')).items[0].id,
      categorySlug: (await get('/api/categories')).items[0].slug,
      taxPlace: (await get('/api/admin/shipping/taxes')).items[0].place,
      market: (await get('/api/admin/markets')).items[0].id,
      giftCard: (await get('/api/admin/gift-cards')).items[0].id,
      draft: draft.id,
      editableOrder: (await get(`/api/admin/orders?search=${guestOrder}`)).items[0].id,
      return: (await get('/api/admin/returns')).items[0].id,
      priceList: priceList.id,
      campaign: campaign.id,
      giftCardProduct: { id: giftCardProduct.id, slug: giftCardProduct.slug },
    };
  });
  test.afterAll(async () => {
    await admin?.context.close();
  });

  const heading = (name: string | RegExp) => (page: Page) =>
    page.getByRole('heading', { name, level: 1 }).first();

  const firstRow = (page: Page) => page.getByRole('row').nth(1);
  // Every route of apps/admin/src/app/router.tsx, with a record for each detail page.
  const adminScreens: [string, () => string, (page: Page) => Locator][] = [
    ['dashboard', () => '/admin', heading(/.+/)],
    ['analytics', () => '/admin/analytics', (p) => p.getByRole('table', { name: 'Top products' })],
    ['products', () => '/admin/products', firstRow],
    ['product editor with variants', () => `/admin/products/${ids.hoodie}`, heading('Harbor Fleece Hoodie')],
    ['new product', () => '/admin/products/new', heading('Add product')],
    ['gift card product editor', () => `/admin/products/${ids.giftCardProduct.id}`, heading(/.+/)],
    ['categories', () => '/admin/categories', heading(/.+/)],
    ['orders', () => '/admin/orders', firstRow],
    ['an order', () => `/admin/orders/${ids.order}`, heading(/^Order #/)],
    ['an order edit', () => `/admin/orders/${ids.editableOrder}/edit`, heading(/^Edit order #/)],
    ['returns', () => '/admin/returns', firstRow],
    ['a return', () => `/admin/returns/${ids.return}`, heading(/^Return /)],
    ['customers', () => '/admin/customers', firstRow],
    ['a customer', () => `/admin/customers/${ids.customer}`, heading(/.+/)],
    ['customer groups', () => '/admin/customer-groups', firstRow],
    ['price lists', () => '/admin/price-lists', firstRow],
    ['new price list', () => '/admin/price-lists/new', heading('New price list')],
    ['a price list', () => `/admin/price-lists/${ids.priceList}`, heading(/^Layout /)],
    ['reviews moderation', () => '/admin/reviews', heading('Reviews')],
    ['stock alerts', () => '/admin/stock-alerts', heading('Waiting for stock')],
    ['content', () => '/admin/content', (p) => p.getByRole('button', { name: 'Edit About us' })],
    ['translations', () => '/admin/translations', heading(/.+/)],
    ['a translation', () => `/admin/translations/product/${ids.hoodie}`, heading(/.+/)],
    ['point of sale', () => '/admin/channels/pos', heading('Point of Sale')],
    ['new draft order', () => '/admin/channels/pos/new', heading('New order')],
    ['a draft order', () => `/admin/channels/pos/${ids.draft}`, heading(/^Draft order/)],
    ['discounts', () => '/admin/discounts', firstRow],
    ['a discount', () => `/admin/discounts/${ids.discount}`, heading(/.+/)],
    ['new discount', () => '/admin/discounts/new', heading(/.+/)],
    ['gift cards', () => '/admin/gift-cards', firstRow],
    ['a gift card', () => `/admin/gift-cards/${ids.giftCard}`, heading(/.+/)],
    ['marketing', () => '/admin/marketing', heading('Marketing')],
    ['segments', () => '/admin/segments', heading('Segments')],
    ['campaigns', () => '/admin/campaigns', (p) => p.getByRole('link', { name: /^Layout / }).first()],
    ['new campaign', () => '/admin/campaigns/new', heading('New campaign')],
    ['a campaign', () => `/admin/campaigns/${ids.campaign}`, heading(/^Layout /)],
    ['finances', () => '/admin/finances', (p) => p.getByRole('table', { name: 'Payments and refunds' })],
    ['shop channel', () => '/admin/channels/shop', heading('Shop')],
    ['team and roles', () => '/admin/team', (p) => p.getByTestId('team-member').first()],
    ['settings', () => '/admin/settings', heading(/.+/)],
    ['shipping settings', () => '/admin/settings/shipping', heading(/.+/)],
    ['a shipping zone', () => `/admin/settings/shipping/zones/${ids.zone}`, heading(/.+/)],
    ['new shipping zone', () => '/admin/settings/shipping/zones/new', heading(/.+/)],
    ['new tax place', () => '/admin/settings/shipping/taxes/new', heading(/.+/)],
    [
      'a tax place',
      () => `/admin/settings/shipping/taxes/${encodeURIComponent(ids.taxPlace)}`,
      heading(/.+/),
    ],
    ['checkout settings', () => '/admin/settings/checkout', heading(/.+/)],
    ['locations', () => '/admin/settings/locations', heading('Locations')],
    ['transfers', () => '/admin/transfers', heading('Transfers')],
    ['invoice settings', () => '/admin/settings/documents', heading('Invoices')],
    ['payment settings', () => '/admin/settings/payments', (p) => p.getByLabel('PayPal')],
    ['markets', () => '/admin/settings/markets', heading(/.+/)],
    ['new market', () => '/admin/settings/markets/new', heading(/.+/)],
    ['a market', () => `/admin/settings/markets/${ids.market}`, heading(/.+/)],
    ['jobs', () => '/admin/settings/jobs', heading('Jobs')],
    ['apps and API keys', () => '/admin/apps', (p) => p.getByTestId('api-key-row').first()],
    // An app's page is its own frame; the back office draws its heading and the frame's box.
    ['an app page', () => '/admin/apps/00000000-0000-4000-8000-000000000000', heading('App')],
    ['online store', () => '/admin/channels/online-store', (p) => p.getByLabel('Shop name')],
    ['emails', () => '/admin/emails', heading(/.+/)],
    ['email templates', () => '/admin/emails/templates', heading(/.+/)],
    ['audit log', () => '/admin/audit-log', heading('Audit log')],
    ['not found', () => '/admin/no-such-page', heading(/.+/)],
  ];

  for (const [label, path, ready] of adminScreens) {
    test(`admin: ${label}`, async () => {
      test.setTimeout(90_000);
      const { page } = admin;
      await resize(page, 1920);
      await open(page, path(), ready);
      expect(await checkAdminScreen(page, label)).toEqual([]);
    });
  }

  test('admin: dialogs (opened and closed again, nothing submitted)', async () => {
    test.setTimeout(120_000);
    const { page } = admin;
    const dialogs: [string, () => string, (page: Page) => Locator][] = [
      [
        'import products',
        () => '/admin/products',
        (p) => p.getByRole('button', { name: 'Import', exact: true }),
      ],
      [
        'delete product',
        () => `/admin/products/${ids.hoodie}`,
        (p) => p.getByRole('button', { name: 'Delete', exact: true }).first(),
      ],
      ['new role', () => '/admin/team', (p) => p.getByRole('button', { name: 'New role' })],
      [
        'issue gift card',
        () => '/admin/gift-cards',
        (p) => p.getByRole('button', { name: 'Issue gift card' }),
      ],
      ['add page', () => '/admin/content', (p) => p.getByRole('button', { name: 'Add page' })],
    ];
    const faults: string[] = [];
    for (const [label, path, opener] of dialogs) {
      await resize(page, 1920);
      await open(page, path(), opener);
      await opener(page).click();
      await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
      faults.push(...(await checkWidths(page, `${label} dialog`, [...WIDTHS].reverse())));
      await page.keyboard.press('Escape');
    }
    expect(faults).toEqual([]);
  });

  test('admin: the phone sidebar sheet', async () => {
    const { page } = admin;
    await resize(page, 375);
    await open(page, '/admin', heading(/.+/));
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog', { name: 'Sidebar' })).toBeVisible();
    expect(describeFaults('sidebar sheet @375', await checkLayout(page))).toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('admin: the sign-in page', async ({ browser, baseURL }) => {
    const guest = await roleContext(browser, baseURL!);
    await open(guest.page, '/admin/auth', (p) => p.getByRole('button', { name: /sign in/i }).first());
    expect(await checkWidths(guest.page, 'admin sign-in', WIDTHS)).toEqual([]);
    await guest.context.close();
  });

  test('storefront: every screen a guest sees', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const { context, page } = await roleContext(browser, baseURL!);
    const faults: string[] = [];
    const screens: [string, string, (page: Page) => Locator][] = [
      ['home', '/', (p) => p.getByRole('heading', { level: 1 }).first()],
      ['home in German', '/de', (p) => p.getByRole('heading', { level: 1 }).first()],
      ['catalog', '/products', (p) => p.getByRole('heading', { level: 1 }).first()],
      ['search', '/products?search=hoodie', (p) => p.getByRole('link', { name: /Hoodie/ }).first()],
      ['a category', `/categories/${ids.categorySlug}`, heading(/.+/)],
      ['gift card balance', '/gift-cards', heading(/.+/)],
      ['unsubscribe link not valid', '/unsubscribe?token=not-a-token', heading(/.+/)],
      ['cart link not valid', '/cart/recover/not-a-token', heading(/.+/)],
      ['product with variants', `/product/${ids.hoodieSlug}`, heading('Harbor Fleece Hoodie')],
      ['product', `/product/${ids.simpleProduct.slug}`, heading(/.+/)],
      ['gift card product', `/product/${ids.giftCardProduct.slug}`, heading(/.+/)],
      ['shared wishlist not valid', '/wishlist/shared/not-a-token', heading(/.+/)],
      ['review link not valid', '/review/not-a-token', heading(/.+/)],
      ['sign in', '/auth', (p) => p.getByRole('tab', { name: 'Sign In' })],
      ['sign up', '/auth?mode=signup', (p) => p.getByRole('tab', { name: 'Sign Up' })],
      ['success without a session', '/checkout/success', (p) => p.getByRole('alert').first()],
      ['payment cancelled', '/checkout/cancel', heading(/.+/)],
      ['order link not valid', '/orders/view/not-a-token', heading('Order link not valid')],
      ['a content page', '/pages/shipping-returns', heading('Shipping & Returns')],
      ['not found', '/no-such-page', heading(/.+/)],
    ];
    for (const [label, path, ready] of screens) {
      await resize(page, 1920);
      await open(page, path, ready);
      faults.push(...(await checkWidths(page, label, WIDTHS)));
    }

    // The cart panel and the checkout dialog, with a guest cart (browser storage, nothing on the server).
    await page.evaluate(
      ([product]) =>
        localStorage.setItem('guest_cart', JSON.stringify([{ product_id: product, quantity: 2 }])),
      [ids.simpleProduct.id],
    );
    await open(page, '/', (p) => p.getByTestId('cart-button'));
    await page.getByTestId('cart-button').click();
    const panel = page.getByRole('dialog', { name: 'Shopping Cart' });
    await expect(panel.getByTestId('cart-line')).toHaveCount(1);
    faults.push(...(await checkWidths(page, 'cart panel', WIDTHS)));
    await page.getByTestId('guest-checkout-button').click();
    const dialog = page.getByRole('main');
    await expect(dialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    faults.push(...(await checkWidths(page, 'checkout page', WIDTHS)));
    await open(page, '/cart', (p) => p.getByTestId('cart-line').first());
    faults.push(...(await checkWidths(page, 'cart page', WIDTHS)));
    await context.close();
    expect(faults).toEqual([]);
  });

  test('storefront: every screen a signed-in shopper sees', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const { context, page } = await roleContext(browser, baseURL!, 'shopper@example.com');
    const orders = (await (await context.request.get('/api/account/orders')).json()).items as {
      id: string;
    }[];
    expect(orders.length, 'the demo shopper has past orders').toBeGreaterThan(0);
    const faults: string[] = [];
    const screens: [string, string, (page: Page) => Locator][] = [
      ['account', '/account', heading('My Account')],
      ['order history', '/account/orders', heading(/.+/)],
      ['wishlist', '/wishlist', heading(/.+/)],
      ['an order', `/account/orders/${orders[0]!.id}`, heading(/.+/)],
      ['home signed in', '/', (p) => p.getByRole('heading', { level: 1 }).first()],
    ];
    for (const [label, path, ready] of screens) {
      await resize(page, 1920);
      await open(page, path, ready);
      faults.push(...(await checkWidths(page, label, WIDTHS)));
    }

    // The paid success page and an order opened by its emailed link: making either for real places an
    // order, so the browser is answered with this shopper's real order instead (read-only).
    const order = await (await context.request.get(`/api/account/orders/${orders[0]!.id}`)).json();
    await page.route('**/api/checkout/receipts/*', (route) =>
      route.fulfill({ json: { state: 'paid', order, guest_email: null } }),
    );
    await page.route('**/api/orders/by-link/*', (route) => route.fulfill({ json: order }));
    for (const [label, path, ready] of [
      ['paid success page', '/checkout/success?receipt=layout', (p: Page) => p.getByTestId('order-number')],
      ['order by link', `/orders/view/${'a'.repeat(43)}`, heading(/.+/)],
    ] as const) {
      await resize(page, 1920);
      await open(page, path, ready);
      faults.push(...(await checkWidths(page, label, WIDTHS)));
    }
    await context.close();
    expect(faults).toEqual([]);
  });
});
