// The shape of the demo shop's content in one language. Keys are the stable English keys of the demo's
// own data, so a renamed or added product, page or method shows up as a failing completeness test.
import type { CategoryName } from '../demo-data.ts';

/** The languages the demo's markets sell in besides English (../demo-markets.ts). */
export type DemoLanguage = 'de' | 'fr' | 'es' | 'ja';

export interface DemoTranslation {
  /** By product SKU (DEMO_PRODUCTS in ../demo-data.ts): every product but the deleted one, drafts included. */
  products: Record<string, { name: string; description: string }>;
  /** By the English category name (DEMO_CATEGORIES); the demo's categories have no description. */
  categories: Record<CategoryName, { name: string }>;
  /** Option display names by the English option name ('Size' → 'Größe'). */
  options: Record<string, string>;
  /** Option value labels by the English label ('Navy' → 'Marineblau'); sizes such as 'M' stay as shops there write them. */
  optionValues: Record<string, string>;
  /** By content page slug (../../../modules/content/demo-pages.ts): title, Markdown body and SEO description. */
  pages: Record<string, { title: string; body: string; seoDescription: string }>;
  /** The home hero's texts, with the field names of DEFAULT_HOME.hero (modules/content/site-settings.ts); links stay. */
  hero: {
    title: string;
    subtitle: string;
    primary_button: { label: string };
    secondary_button: { label: string };
  };
  /** The announcement bar's text: '' while the demo's bar is off and empty, as it is in English. */
  announcement: string;
  /** By the English shipping method name (modules/shipping/default-zones.ts): its name and delivery estimate. */
  shippingMethods: Record<string, { name: string; deliveryEstimate: string }>;
}
