import { localeOfPrefix, localizePath } from '@cartwheel/shared/locale';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';

/** What every email shows of the shop: its name and logo, and the origin links are built from. */
export interface Shop {
  name: string;
  logoUrl: string;
  publicUrl: string;
}

/**
 * One kind of email. The subject and the intro paragraph are text the shop may change in the back
 * office (stored per kind); both may use the {placeholders} that `variables` fills. The body below
 * the intro is the component's.
 */
export interface EmailTemplate<Data> {
  kind: string;
  name: string;
  description: string;
  /** Marketing email: sent only with consent, and always with an unsubscribe link. */
  marketing: boolean;
  /**
   * Why the recipient gets it, above the unsubscribe link (a catalog key taking {shop_name}); the
   * default says they agreed to news and offers, which is wrong for an email they asked for.
   */
  unsubscribeReason?: string;
  subject: string;
  intro: string;
  /** The placeholders' values for one email ({shop_name} is always there), in the email's language. */
  variables(data: Data, i18n: I18n): Record<string, string>;
  /**
   * The customer's language (a BCP 47 tag) for emails written in it; others are in English. In another
   * language than English the subject and intro are the catalog's `messages`, not the shop's stored text.
   */
  language?(data: Data): string | null | undefined;
  messages?: { subject: string; intro: string };
  /** Data for the back office's preview. */
  sample(shop: Shop): Data;
  Body(props: { data: Data; shop: Shop; i18n: I18n }): ReactNode;
}

/** Declares a template with its data type checked against its own functions. */
export const defineTemplate = <Data>(template: EmailTemplate<Data>) => template;

/** Replaces each `{name}` whose value is known; other braces stay as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A greeting by first name when there is one. */
export const greeting = (firstName: string | null | undefined) =>
  firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hello,';

/** The greeting in the email's language. */
export const localGreeting = (i18n: I18n, firstName: string | null | undefined) =>
  firstName?.trim()
    ? i18n._('email.greeting.named', { name: firstName.trim() })
    : i18n._('email.greeting.anonymous');

/** An address in the shop in the email's language ('/products' in German: '/de/products'). */
export const localShopUrl = (shop: Shop, path: string, locale: string | null | undefined) =>
  `${shop.publicUrl}${localizePath(path, localeOfPrefix(locale ?? '')?.prefix ?? '')}`;
