import { render, toPlainText } from '@react-email/components';
import { emailI18n } from '../email-messages.ts';
import { EmailLayout } from './layout.tsx';
import { type EmailTemplate, fillPlaceholders, type Shop } from './template.ts';

export interface RenderOptions {
  shop: Shop;
  /** The shop's own subject and intro for this kind (null: the template's). */
  subject?: string | null | undefined;
  intro?: string | null | undefined;
  /** Marketing email: the page that unsubscribes in one click. */
  unsubscribeUrl?: string | undefined;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders one email: the subject and intro with their placeholders filled, the HTML from the
 * template's component inside the shared layout, and the plain-text part from that same HTML.
 * Everything the shop or a shopper wrote is rendered by React as text, so it is escaped.
 */
export async function renderTemplate<Data>(
  template: EmailTemplate<Data>,
  data: Data,
  options: RenderOptions,
): Promise<RenderedEmail> {
  const i18n = emailI18n(template.language?.(data));
  const values = { shop_name: options.shop.name, ...template.variables(data, i18n) };
  const translated = template.messages && i18n.locale !== 'en' ? template.messages : undefined;
  // A subject is one header line: line breaks (from stored text) would start new headers.
  const subject = (
    translated
      ? i18n._(translated.subject, values)
      : fillPlaceholders(options.subject ?? template.subject, values)
  )
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const intro = translated
    ? i18n._(translated.intro, values)
    : fillPlaceholders(options.intro ?? template.intro, values);
  const { Body } = template;
  const html = await render(
    <EmailLayout
      shop={options.shop}
      intro={intro}
      lang={i18n.locale}
      unsubscribe={
        options.unsubscribeUrl
          ? {
              url: options.unsubscribeUrl,
              reason: i18n._(template.unsubscribeReason ?? 'email.footer.newsAndOffers', values),
              label: i18n._('email.footer.unsubscribe'),
            }
          : undefined
      }
    >
      <Body data={data} shop={options.shop} i18n={i18n} />
    </EmailLayout>,
  );
  return { subject, html, text: toPlainText(html) };
}
