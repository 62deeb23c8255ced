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
  subject: string;
  intro: string;
  /** The placeholders' values for one email ({shop_name} is always there). */
  variables(data: Data): Record<string, string>;
  /** Data for the back office's preview. */
  sample(shop: Shop): Data;
  Body(props: { data: Data; shop: Shop }): ReactNode;
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
