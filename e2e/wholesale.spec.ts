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

  // Staff set up the group and its price list, and put the customer in it on the customer's page.
  const staff = await browser.newContext({ baseURL, extraHTTPHeaders: baseURL ? { origin: baseURL } : {} });
  const admin = await staff.newPage();
  await signInAsAdmin(admin);
  const group = await admin.request.post('/api/admin/customer-groups', {
    data: { name: groupName, min_order_amount: null, payment_terms_days: null },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const entry = { variant_id: null, category_id: null, currency: 'USD', percent_off_bps: null };
  const list = await admin.request.post('/api/admin/price-lists', {
    data: {
      name: `${groupName} prices`,
      group_id: (await group.json()).id,
      entries: [
        { ...entry, product_id: product!.id, min_quantity: 1, price },
        { ...entry, product_id: product!.id, min_quantity: 3, price: tierPrice },
      ],
    },
  });
  expect(list.ok(), await list.text()).toBe(true);

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
