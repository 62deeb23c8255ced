import { expect, type Page, test } from '@playwright/test';

// Printed documents (docs/decisions/0088-printed-documents.md), on the seeded demo shop.

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok()).toBe(true);
}

/** The text an uncompressed PDF shows: its TJ arrays' hex strings, decoded (kerning numbers dropped). */
function pdfText(raw: string): string {
  return [...raw.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map(([, segments]) =>
      [...(segments ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
        .map(([, hex]) => Buffer.from(hex ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

/** A PDF link's document, fetched with the page's session: checks its type and first bytes, answers its text. */
async function openPdf(page: Page, name: RegExp) {
  const link = page.getByRole('link', { name });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const body = await res.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(body.toString('latin1'));
}

test.describe('Printed documents', () => {
  test("the order page's Packing slip and Invoice buttons give PDFs; the shopper downloads the same invoice", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await signIn(page, 'staff@example.com');
    const list = await page.request.get(
      '/api/admin/orders?search=shopper@example.com&status=delivered&sort=order_number&dir=asc',
    );
    expect(list.ok()).toBe(true);
    const [order] = (await list.json()).items as Array<{ id: string; order_number: number }>;
    expect(order).toBeDefined();

    await page.goto(`/admin/orders/${order!.id}`);
    await expect(page.getByRole('heading', { name: `Order #${order!.order_number}` })).toBeVisible();
    const slip = await openPdf(page, /^Packing slip$/);
    expect(slip).toContain('Packing slip');
    expect(slip).toContain(`Order #${order!.order_number}`);
    const invoice = await openPdf(page, /^Invoice/);
    expect(invoice).toContain(`Order #${order!.order_number}`);
    // Coming back to the page shows the number the first print issued.
    await page.reload();
    await expect(page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{4}$/ })).toBeVisible();
    const label = await page.getByRole('link', { name: /^Invoice INV-/ }).innerText();
    const number = label.replace('Invoice ', '').trim();

    const shopper = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const shopperPage = await shopper.newPage();
      await signIn(shopperPage, 'shopper@example.com');
      await shopperPage.goto(`/account/orders/${order!.id}`);
      const pdf = await openPdf(shopperPage, /^Download invoice$/);
      // The same invoice the staff printed.
      expect(pdf).toContain(`Invoice number: ${number}`);
    } finally {
      await shopper.close();
    }
  });

  test("the orders list prints the selected orders' packing slips in one PDF", async ({ page }) => {
    await signIn(page, 'staff@example.com');
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const rows = page.getByTestId('data-table-row');
    await expect(rows.nth(1)).toBeVisible();
    await rows.nth(0).getByRole('checkbox', { name: 'Select row' }).check();
    await rows.nth(1).getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    // The PDF opens in a new tab: its request, whatever the browser then does with the file.
    const asked = page
      .context()
      .waitForEvent('request', (request) => request.url().includes('/api/admin/documents/packing-slips'));
    await page.getByRole('menuitem', { name: 'Packing slips' }).click();
    const url = new URL((await asked).url());
    expect(url.pathname).toBe('/api/admin/documents/packing-slips');
    expect(url.searchParams.get('order_ids')!.split(',')).toHaveLength(2);
    const res = await page.request.get(url.pathname + url.search);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const text = pdfText((await res.body()).toString('latin1'));
    expect(text.match(/Packing slip/g)).toHaveLength(2);
  });
});
