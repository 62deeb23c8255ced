import { formatMoney } from '@cartwheel/shared/money';
import { escapeHtml } from '../../lib/html.ts';
import type { EditPayment } from './order-edit-payments.ts';

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
main{max-width:480px;margin:0 auto;padding:64px 16px}section{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:24px}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#71717a;font-size:.875rem}.amount{font-size:2rem;font-weight:700;margin:8px 0 16px}
button{display:block;width:100%;font:inherit;font-weight:600;padding:10px 16px;border-radius:8px;border:1px solid #18181b;background:#18181b;color:#fff;cursor:pointer}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:8px;padding:12px;margin-bottom:12px;font-size:.875rem}`;

function page(shopName: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><section><p class="muted">${escapeHtml(shopName)}</p>${body}</section></main></body></html>`;
}

/** The buyer's page of an edit's amount due: pay it, or see that it is paid. Everything escaped. */
export function renderOrderPaymentPage(
  shopName: string,
  edit: EditPayment,
  token: string,
  error?: string,
): string {
  const order = `Order #${escapeHtml(edit.order_number)}`;
  if (edit.status !== 'awaiting_payment') {
    const done =
      edit.status === 'paid' ? 'Thank you: your order is paid in full.' : 'Nothing is due on this order.';
    return page(
      shopName,
      `${order} is paid`,
      `<h1>${order}</h1><p role="status">${done}</p>
<p class="muted">New total: ${escapeHtml(formatMoney(edit.total_after, edit.currency))}</p>`,
    );
  }
  const due = escapeHtml(formatMoney(edit.amount_due, edit.currency));
  return page(
    shopName,
    `Pay the amount due on ${order}`,
    `<h1>${order} was updated</h1>
<p class="muted">Amount due</p><p class="amount">${due}</p>
${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/order-payments/${escapeHtml(encodeURIComponent(token))}"><button type="submit">Pay ${due}</button></form>`,
  );
}

/** A link that is not (or no longer) valid. */
export function renderMissingOrderPayment(shopName: string): string {
  return page(
    shopName,
    'Payment link not valid',
    '<h1>Payment link not valid</h1><p>This payment link is not valid or has expired.</p>',
  );
}
