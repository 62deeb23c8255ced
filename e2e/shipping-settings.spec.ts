import { expect, type Page, test } from '@playwright/test';

// Shipping and taxes in the back office: an admin adds a zone (one US state) with two methods and
// renames that state's tax; a shopper checking out to that state is offered those methods and charged
// that tax, and one checking out to Oregon pays no sales tax. A country already in another zone is
// refused with the other zone's name.

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signUpShopper(page: Page, origin: string) {
  const email = `zones-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  // Signed in as the admin: Better Auth wants the page's origin on a request that carries a session.
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { email, password: 'correct-horse-battery', name: email, firstName: 'Zoe', lastName: 'Tester' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function fillMethod(
  page: Page,
  index: number,
  values: { name: string; estimate: string; rate: string },
) {
  const method = page.getByRole('group', { name: `Shipping method ${index}` });
  await method.getByLabel('Method name').fill(values.name);
  await method.getByLabel('Delivery estimate').fill(values.estimate);
  await method.getByLabel('Price', { exact: true }).selectOption('flat');
  await method.getByLabel('Rate ($)').fill(values.rate);
}

test("an admin sets a zone with two methods and a state's tax; the storefront checkout offers them", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@example.com');

  await page.goto('/admin/settings');
  await page.getByRole('link', { name: /Shipping and taxes/ }).click();
  await expect(page.getByRole('heading', { name: 'Shipping and taxes', level: 1 })).toBeVisible();
  // The demo shop ships to the United States and the rest of the world.
  await expect(page.getByRole('heading', { name: 'United States', level: 3 })).toBeVisible();

  await page.getByRole('link', { name: 'Add zone' }).click();
  await page.getByLabel('Zone name').fill('Washington State');
  await page.getByPlaceholder('Search countries').fill('United States');
  await page.getByLabel('United States', { exact: true }).click();
  await page.getByLabel('Washington', { exact: true }).click();
  await page.getByRole('button', { name: 'Add shipping method' }).click();
  await fillMethod(page, 1, { name: 'Ground', estimate: '4–6 business days', rate: '7.50' });
  await page.getByRole('button', { name: 'Add shipping method' }).click();
  await fillMethod(page, 2, { name: 'Overnight', estimate: 'Next business day', rate: '24.00' });
  await page.getByRole('button', { name: 'Save zone' }).click();

  await expect(page).toHaveURL(/\/admin\/settings\/shipping$/);
  const zones = page.getByRole('list', { name: 'Shipping zones' });
  await expect(zones.getByText('Ground: $7.50 (4–6 business days)')).toBeVisible();
  await expect(zones.getByText('Overnight: $24.00 (Next business day)')).toBeVisible();

  // Taxes are by place: Washington's state tax, renamed.
  await page.getByRole('link', { name: 'Edit taxes of Washington, United States' }).click();
  await expect(page.getByLabel('Rate (%)')).toHaveValue('6.5');
  await page.getByLabel('Tax name').fill('WA sales tax');
  await page.getByRole('button', { name: 'Save taxes' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/shipping$/);
  const taxes = page.getByRole('list', { name: 'Taxes by place' });
  await expect(taxes.getByText('WA sales tax 6.5%')).toBeVisible();

  // The whole United States is already a zone: the picker says so, and saving is refused, naming it.
  await page.getByRole('link', { name: 'Add zone' }).click();
  await page.getByLabel('Zone name').fill('Everything American');
  await page.getByPlaceholder('Search countries').fill('United States');
  await expect(page.getByLabel('United States', { exact: true })).toHaveAccessibleDescription(
    'in United States',
  );
  await page.getByLabel('United States', { exact: true }).click();
  await page.getByRole('button', { name: 'Save zone' }).click();
  await expect(page.getByText('United States is already in the zone "United States"').first()).toBeVisible();

  // On a phone the zone editor and the list fit the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/admin/settings/shipping',
    '/admin/settings/shipping/zones/new',
    '/admin/settings/shipping/taxes/CA-BC',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // A shopper checking out to Washington gets the zone's methods and its tax.
  await signUpShopper(page, baseURL ?? '');
  const products = (await (await page.request.get('/api/products?limit=50')).json()) as {
    items: { slug: string; variant_count: number; inventory_level: number }[];
  };
  const product = products.items.find((p) => p.variant_count === 0 && p.inventory_level > 0);
  expect(product, 'a simple product in stock').toBeTruthy();
  await page.goto(`/product/${product?.slug}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible();
  await page.getByTestId('cart-button').click();
  await page
    .getByRole('dialog', { name: 'Shopping Cart' })
    .getByRole('link', { name: 'Checkout', exact: true })
    .click();

  const dialog = page.getByRole('main');
  await expect(dialog.getByLabel('Country')).toHaveValue('US');
  await dialog.getByLabel(/^(State|Province|Prefecture|County)\b/).selectOption('WA');
  const methods = dialog.getByTestId('shipping-methods');
  await expect(methods.getByRole('radio', { name: /Ground/ })).toBeVisible();
  await expect(methods.getByRole('radio', { name: /Overnight/ })).toBeVisible();
  await expect(methods.getByRole('radio')).toHaveCount(2);
  await expect(methods).toContainText('$7.50');
  await methods.getByRole('radio', { name: /Overnight/ }).check();
  await expect(dialog.getByTestId('summary-shipping')).toContainText('$24.00');
  await expect(dialog.getByTestId('summary-tax')).toContainText('WA sales tax');

  // Oregon stays in the whole-country zone: its methods, not Washington's, and no sales tax.
  await dialog.getByLabel(/^(State|Province|Prefecture|County)\b/).selectOption('OR');
  await expect(methods.getByRole('radio', { name: /Express/ })).toBeVisible();
  await expect(methods.getByRole('radio', { name: /Ground/ })).toHaveCount(0);
  await expect(dialog.getByTestId('summary-tax')).toHaveCount(0);
  // California charges its state rate.
  await dialog.getByLabel(/^(State|Province|Prefecture|County)\b/).selectOption('CA');
  await expect(dialog.getByTestId('summary-tax')).toContainText('CA State Tax (7.25%)');
});
