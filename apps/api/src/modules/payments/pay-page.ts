import { formatMoney } from '@cartwheel/shared/money';
import { escapeHtml } from '../../lib/html.ts';
import type { LocalPayPage } from './local-provider.ts';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
main{max-width:960px;margin:0 auto;padding:32px 16px;display:grid;gap:24px}
@media(min-width:768px){main{grid-template-columns:1fr 1fr;padding-top:64px}}
section{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:24px}
h1{font-size:1.25rem;margin:0 0 4px}h2{font-size:1rem;margin:0 0 16px}
.muted{color:#71717a;font-size:.875rem}.amount{font-size:2rem;font-weight:700;margin:8px 0 16px}
table{width:100%;border-collapse:collapse;font-size:.875rem}td{padding:6px 0;vertical-align:top}td.r{text-align:right;white-space:nowrap;padding-left:12px}
tfoot td{border-top:1px solid #e4e4e7}tfoot tr.total td{font-weight:700}
label{display:block;font-size:.875rem;font-weight:500;margin:12px 0 4px}
input{width:100%;font:inherit;padding:8px 12px;border:1px solid #d4d4d8;border-radius:8px;background:#fff}
input:focus{outline:2px solid #18181b;outline-offset:1px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.actions{display:grid;gap:8px;margin-top:20px}
button,.button{display:block;width:100%;font:inherit;font-weight:600;text-align:center;text-decoration:none;padding:10px 16px;border-radius:8px;border:1px solid #18181b;background:#18181b;color:#fff;cursor:pointer}
button.secondary,.button.secondary{background:#fff;color:#18181b;border-color:#d4d4d8}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:8px;padding:12px;margin-bottom:8px;font-size:.875rem}
.test{font-size:.75rem;color:#71717a;margin-top:16px}
`;

export interface PayPageOptions {
  shopName: string;
  /** A problem to show above the form (a declined card, a bad expiry date, an expired session). */
  error?: string | undefined;
}

const money = (minor: number, currency: string) => escapeHtml(formatMoney(minor, currency));

function summary(page: LocalPayPage): string {
  const rows = page.lines
    .map((l) => {
      const variant = l.variantTitle ? `<br><span class="muted">${escapeHtml(l.variantTitle)}</span>` : '';
      const discount =
        l.discount > 0 ? `<br><span class="muted">Discount −${money(l.discount, page.currency)}</span>` : '';
      return `<tr><td>${escapeHtml(l.name)}${variant}<br><span class="muted">${money(l.unitAmount, page.currency)} × ${escapeHtml(l.quantity)}</span>${discount}</td><td class="r">${money(l.unitAmount * l.quantity, page.currency)}</td></tr>`;
    })
    .join('');
  const discount =
    page.discount > 0
      ? `<tr><td>Discount</td><td class="r">−${money(page.discount, page.currency)}</td></tr>`
      : '';
  const tax = page.taxIncluded ? 'Tax (included)' : 'Tax';
  // What the order's gift cards and store credit pay: the order's total less what this page charges.
  const tendered =
    page.subtotal - page.discount + page.shipping + (page.taxIncluded ? 0 : page.tax) - page.amount;
  const tenders =
    tendered > 0
      ? `<tr><td>Gift card or store credit</td><td class="r">−${money(tendered, page.currency)}</td></tr>`
      : '';
  return `<table aria-label="Order summary"><tbody>${rows}</tbody><tfoot>
<tr><td>Subtotal</td><td class="r">${money(page.subtotal, page.currency)}</td></tr>
${discount}<tr><td>Shipping</td><td class="r">${money(page.shipping, page.currency)}</td></tr>
<tr><td>${tax}</td><td class="r">${money(page.tax, page.currency)}</td></tr>
${tenders}<tr class="total"><td>Total</td><td class="r">${money(page.amount, page.currency)}</td></tr>
</tfoot></table>`;
}

function form(page: LocalPayPage, options: PayPageOptions): string {
  const action = `/pay/${encodeURIComponent(page.sessionId)}`;
  return `<h2>Pay with card</h2>
${options.error ? `<div class="alert" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required>
<div class="row">
<div><label for="expiry">Expiry</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" required></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" maxlength="100">
<div class="actions">
<button type="submit" name="action" value="pay">Pay ${escapeHtml(formatMoney(page.amount, page.currency))}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>
<p class="test">Test checkout: pay with 4242 4242 4242 4242, any future expiry date and any CVC. 4000 0000 0000 0002 is declined.</p>`;
}

/** A session that can no longer be paid (a paid one's page redirects to the receipt instead). */
function closed(page: LocalPayPage, options: PayPageOptions): string {
  return `<h2>Payment unavailable</h2><div class="alert" role="alert">${escapeHtml(options.error ?? '')}</div>
<div class="actions"><a class="button secondary" href="${escapeHtml(page.cancelUrl)}">Back to the store</a></div>`;
}

/** The local provider's hosted payment page: server-rendered, no scripts, everything escaped. */
export function renderPayPage(page: LocalPayPage, options: PayPageOptions): string {
  const shop = escapeHtml(options.shopName);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Pay ${shop}</title><style>${STYLE}</style></head>
<body><main>
<section aria-labelledby="shop-name"><h1 id="shop-name">${shop}</h1>
${page.orderNumber === null ? '' : `<p class="muted">Order #${escapeHtml(page.orderNumber)}</p>`}
<p class="amount">${escapeHtml(formatMoney(page.amount, page.currency))}</p>
${summary(page)}</section>
<section>${page.view === 'open' ? form(page, options) : closed(page, options)}</section>
</main></body></html>`;
}

/** A plain page for a session that does not exist. */
export function renderMissingPayPage(shopName: string): string {
  const shop = escapeHtml(shopName);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Payment not found</title><style>${STYLE}</style></head><body><main><section><h1>${shop}</h1>
<h2>Payment not found</h2><p>This payment link is not valid.</p></section></main></body></html>`;
}
