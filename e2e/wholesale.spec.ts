import { expect, test } from '@playwright/test';
import {
  addToServerCart,
  fillCheckoutDialog,
  money,
  payWithTestCard,
  priceOf,
  signInAsAdmin,
  signUpShopper,
  simpleProducts,
} from './shop-helpers.ts';

// Wholesale customers (docs/decisions/0093-wholesale-customers.md): staff put a customer in a group
// whose price list has a price and a quantity tier; signed in, the customer sees their price and the
// tier on the product page and pays them at checkout; a retail shopper sees the retail price.

test('a wholesale customer sees and pays their price and tier; a retail shopper sees retail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [product] = (await simpleProducts(page.request, 20)).filter((p) => priceOf(p) >= 1000);
  expect(product, 'a demo product of at least $10.00').toBeDefined();
  const retail = priceOf(product!);
  const price = retail - 200;
  const tierPrice = retail - 400;
  const groupName = `Trade ${Date.now()}`;
  const toMajor = (cents: number) => (cents / 100).toFixed(2);

  // Staff set up the group and its price list, and put the customer in it on the customer's page.
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: baseURL ? { origin: baseURL } : {} });
  const admin = await staff.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/customer-groups');
  await admin.getByLabel('Name', { exact: true }).fill(groupName);
  await admin.getByRole('button', { name: 'Add group' }).click();
  await expect(admin.getByText('Customer group created')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(groupName) })).toContainText('Pay at checkout');

  // A price list: the product at a lower price, and lower still from 3 units.
  await admin.goto('/admin/price-lists/new');
  await admin.getByLabel('Name', { exact: true }).fill(`${groupName} prices`);
  await admin.getByLabel('Customer group').selectOption({ label: groupName });
  await admin.getByRole('searchbox', { name: 'Search products' }).fill(product!.name);
  const add = admin.getByRole('button', { name: `Add ${product!.name}` }).first();
  await add.click();
  await add.click();
  const prices = admin.getByRole('table', { name: 'Prices' });
  await prices.getByLabel(`Price, ${product!.name}`).nth(0).fill(toMajor(price));
  await prices.getByLabel(`Price, ${product!.name}`).nth(1).fill(toMajor(tierPrice));
  await prices.getByLabel(`From quantity, ${product!.name}`).nth(1).fill('3');
  await admin.getByRole('button', { name: 'Save price list' }).click();
  await expect(admin.getByText('Price list saved')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/price-lists\/[0-9a-f-]{36}$/);

  await signUpShopper(page, 'Wanda');
  const me = await (await page.request.get('/api/me')).json();
  await admin.goto(`/admin/customers/${me.user.id}`);
  await admin.getByLabel('Customer group').selectOption({ label: groupName });
  await admin.getByLabel('Tax exemption number').fill('');
  await admin.getByRole('button', { name: 'Save' }).last().click();
  await expect(admin.getByText('Wholesale settings saved')).toBeVisible();
  await staff.close();

  // The member's product page: the retail price as everyone sees it, then their own and the tier.
  await page.goto(`/product/${product!.slug}`);
  await expect(page.getByTestId('product-price')).toContainText(money(retail));
  const member = page.getByTestId('member-price');
  await expect(member).toContainText(`Your ${groupName} price`);
  await expect(page.getByTestId('member-unit-price')).toHaveText(money(price));
  await expect(page.getByTestId('member-tiers')).toContainText(`3+ at ${money(tierPrice)} each`);

  // Three units at the tier price, paid with the test card.
  await addToServerCart(page, baseURL ?? '', product!.id, 3);
  await page.goto('/checkout');
  const form = await fillCheckoutDialog(page);
  await expect(form.getByTestId('summary-subtotal')).toContainText(money(3 * tierPrice));
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await payWithTestCard(page);

  // A retail shopper sees the retail price and no member price.
  const shopper = await browser.newContext({ baseURL });
  const other = await shopper.newPage();
  await signUpShopper(other, 'Rita');
  await other.goto(`/product/${product!.slug}`);
  await expect(other.getByTestId('product-price')).toContainText(money(retail));
  await expect(other.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
  await expect(other.getByTestId('member-price')).toHaveCount(0);
  await shopper.close();
});
