import type { Config } from '../../../config.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { EmailMessage } from '../mailer.ts';

/** Who an email about an order goes to, and the link that opens the order's page. */
export interface OrderEmailRecipient {
  to: string;
  first_name: string | null;
  order_number: number;
  /** The account's order page, or for a guest the signed link (`guest_link` true). */
  link: string;
  guest_link: boolean;
}

export interface OrderUpdateParts {
  kind: string;
  subject: string;
  /** Paragraphs of plain text, in order. */
  paragraphs: string[];
  /** A list under the paragraphs (items, amounts), or none. */
  list?: string[];
  /** A link of its own (e.g. the tracking page) with its label. */
  action?: { label: string; url: string } | null;
}

/**
 * The shared shape of the emails that follow an order (shipped, delivered, cancelled, refunded): a
 * greeting, the paragraphs, an optional list and link, the order's link and the shop's name, as plain
 * text and as HTML with every value escaped.
 */
export function orderUpdateEmail(
  recipient: OrderEmailRecipient,
  parts: OrderUpdateParts,
  config: Pick<Config, 'shopName'>,
): EmailMessage {
  const greeting = recipient.first_name ? `Hi ${recipient.first_name},` : 'Hello,';
  const list = parts.list ?? [];
  const privateNote = 'This link opens your order without an account. Keep it private.';
  const text = [
    greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(list.length ? [...list.map((l) => `- ${l}`), ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    `View your order: ${recipient.link}`,
    ...(recipient.guest_link ? [`(${privateNote})`] : []),
    '',
    config.shopName,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${list.length ? `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}
${parts.action ? `<p><a href="${escapeHtml(parts.action.url)}">${escapeHtml(parts.action.label)}</a></p>` : ''}
<p><a href="${escapeHtml(recipient.link)}">View your order</a>${recipient.guest_link ? `<br><small>${privateNote}</small>` : ''}</p>
<p>${escapeHtml(config.shopName)}</p>
</body></html>`;
  return { to: recipient.to, subject: parts.subject, text, html, kind: parts.kind };
}
