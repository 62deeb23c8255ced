import { expect, type Locator, type Page, test } from '@playwright/test';

// Saved addresses: a shopper adds addresses in /account, moves the default, edits and deletes one
// (after confirming), and finds the default filled in at checkout. Each test signs up its own shopper.

async function signUpShopper(page: Page, firstName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct-horse-battery', name: email, firstName, lastName: 'Tester' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

interface Place {
  first: string;
  last: string;
  line1: string;
  city: string;
  state: string;
  postal: string;
}

/** The state is a list when the shop knows the country's states, else a text box. */
async function fillState(scope: Locator, state: string) {
  const field = scope.getByLabel(/^(State|Province|Prefecture|County)\b/);
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(state);
  else await field.fill(state);
}

async function fillAddress(dialog: Locator, place: Place) {
  await expect(dialog.getByLabel('Country')).toHaveValue('US');
  await dialog.getByLabel('First Name').fill(place.first);
  await dialog.getByLabel('Last Name').fill(place.last);
  await dialog.getByLabel('Address', { exact: true }).fill(place.line1);
  await dialog.getByLabel('City').fill(place.city);
  await fillState(dialog, place.state);
  await dialog.getByLabel('Postal Code').fill(place.postal);
}

const home: Place = {
  first: 'Ada',
  last: 'Lovelace',
  line1: '12 Analytical Row',
  city: 'Springfield',
  state: 'IL',
  postal: '62701',
};
const office: Place = {
  first: 'Ada',
  last: 'Lovelace',
  line1: '1 Engine Plaza',
  city: 'Chicago',
  state: 'IL',
  postal: '60601',
};

test.describe('Saved addresses', () => {
  test('add, make default, edit and delete addresses in the account', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpShopper(page, 'Ada');
    await page.goto('/account');
    await expect(page.getByText('No saved addresses')).toBeVisible();

    // The first address: required fields are checked first, then it is saved as the default.
    await page.getByRole('button', { name: 'Add address' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add address' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    await fillAddress(dialog, home);
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeHidden();
    const cards = page.getByTestId('saved-address');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(home.line1);
    await expect(cards.first()).toContainText('Default');

    // A second address made the default as it is saved: it comes first, the first loses the badge.
    await page.getByRole('button', { name: 'Add address' }).click();
    dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddress(dialog, office);
    await dialog.getByLabel('Make this my default address').check();
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeHidden();
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(office.line1);
    await expect(cards.first()).toContainText('Default');
    await expect(cards.nth(1)).not.toContainText('Default');

    // Make the first one the default again.
    await page.getByRole('button', { name: `Make ${home.line1} the default` }).click();
    await expect(cards.first()).toContainText(home.line1);
    await expect(cards.first()).toContainText('Default');

    // Edit: the form holds the address; the change is saved.
    await page.getByRole('button', { name: `Edit ${office.line1}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit address' });
    await expect(dialog.getByLabel('City')).toHaveValue(office.city);
    await dialog.getByLabel('City').fill('Evanston');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeHidden();
    await expect(cards.filter({ hasText: office.line1 })).toContainText('Evanston');

    // Delete asks first; cancelling keeps the address.
    await page.getByRole('button', { name: `Delete ${office.line1}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: `Delete ${office.line1}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(home.line1);
  });

  test('the default address is filled in at checkout', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await signUpShopper(page, 'Grace');
    const saved = await page.request.post('/api/account/addresses', {
      headers: { origin: baseURL! },
      data: {
        first_name: 'Grace',
        last_name: 'Hopper',
        address_line_1: '7 Compiler Court',
        city: 'Arlington',
        state_province: 'VA',
        postal_code: '22201',
        country: 'US',
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { items } = (await (await page.request.get('/api/products?limit=100')).json()) as {
      items: { id: string; variant_count: number; inventory_level: number }[];
    };
    const product = items.find((p) => p.variant_count === 0 && p.inventory_level > 0)!;
    const add = await page.request.post('/api/cart/items', {
      headers: { origin: baseURL! },
      data: { product_id: product.id, variant_id: null, quantity: 1 },
    });
    expect(add.ok(), await add.text()).toBe(true);

    await page.goto('/');
    await page.getByTestId('cart-button').click();
    await page
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('link', { name: 'Checkout', exact: true })
      .click();
    const dialog = page.getByRole('main');
    await expect(dialog.getByLabel('Address', { exact: true })).toHaveValue('7 Compiler Court');
    await expect(dialog.getByLabel('City')).toHaveValue('Arlington');
    await expect(dialog.getByLabel('Last Name')).toHaveValue('Hopper');
    await expect(dialog.getByLabel('Postal Code')).toHaveValue('22201');
    await expect(dialog.getByLabel('Ship to')).toContainText('7 Compiler Court');
    // A saved address is not offered for saving again; a new one is.
    await expect(dialog.getByLabel('Save this address')).toHaveCount(0);
    await dialog.getByLabel('Ship to').selectOption({ label: 'New address' });
    await expect(dialog.getByLabel('Address', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Save this address')).toBeChecked();
  });

  test('a new address entered at checkout is saved when asked', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUpShopper(page, 'Alan');
    const { items } = (await (await page.request.get('/api/products?limit=100')).json()) as {
      items: { id: string; variant_count: number; inventory_level: number }[];
    };
    const product = items.find((p) => p.variant_count === 0 && p.inventory_level > 0)!;
    const add = await page.request.post('/api/cart/items', {
      headers: { origin: baseURL! },
      data: { product_id: product.id, variant_id: null, quantity: 1 },
    });
    expect(add.ok(), await add.text()).toBe(true);

    await page.goto('/');
    await page.getByTestId('cart-button').click();
    await page
      .getByRole('dialog', { name: 'Shopping Cart' })
      .getByRole('link', { name: 'Checkout', exact: true })
      .click();
    const dialog = page.getByRole('main');
    // No saved address yet: nothing to choose from, and the new one is offered for saving.
    await expect(dialog.getByLabel('Ship to')).toHaveCount(0);
    await expect(dialog.getByLabel('Save this address')).toBeChecked();
    await fillAddress(dialog, { ...home, first: 'Alan', last: 'Turing', line1: '3 Bletchley Park' });
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\/cs_local_/);

    await page.goto('/account');
    const cards = page.getByTestId('saved-address');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('3 Bletchley Park');
    await expect(cards.first()).toContainText('Default');
  });
});
