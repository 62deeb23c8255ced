// The storefront's languages and the locale part of its addresses (/de/..., /fr-ca/...), shared by the
// storefront (its router's basename) and the API (the first visit's redirect, the sitemaps).

/** The storefront's languages; English is the default, served at / without a prefix. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers the visitor's choice: the address prefix ('de', 'fr-ca') or 'en'. */
export const LOCALE_COOKIE = 'cw_locale';

/** A storefront locale: the language, the country when the address names one, and its prefix. */
export interface StoreLocale {
  language: Language;
  /** ISO 3166-1 alpha-2, upper case, when the prefix names one ('fr-ca' -> 'CA'). */
  country?: string;
  /** The address prefix without slashes: '' for the default language, 'de', 'fr-ca'. */
  prefix: string;
}

const PREFIX = /^([a-z]{2})(?:-([a-z]{2}))?$/;

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The locale a prefix names ('de', 'fr-ca'), or undefined when it names none of the shop's languages. */
export function localeOfPrefix(prefix: string): StoreLocale | undefined {
  const match = PREFIX.exec(prefix.toLowerCase());
  if (!match?.[1] || !isLanguage(match[1])) return undefined;
  const language = match[1];
  const country = match[2]?.toUpperCase();
  // English without a country is the unprefixed shop.
  if (language === DEFAULT_LANGUAGE && !country) return { language, prefix: '' };
  return { language, country, prefix: country ? `${language}-${match[2]}` : language };
}

/** The default locale: English at /. */
export const DEFAULT_LOCALE: StoreLocale = { language: DEFAULT_LANGUAGE, prefix: '' };

/**
 * Splits a storefront path into its locale and the path inside it: '/de/product/mug' is German and
 * '/product/mug'; a path whose first segment is no locale is the default locale's.
 */
export function splitLocalePath(path: string): { locale: StoreLocale; rest: string; prefixed: boolean } {
  const match = /^\/([^/?#]+)(.*)$/.exec(path);
  const locale = match?.[1] ? localeOfPrefix(match[1]) : undefined;
  if (!match || !locale) return { locale: DEFAULT_LOCALE, rest: path || '/', prefixed: false };
  const rest = match[2] ?? '';
  return { locale, rest: rest.startsWith('/') ? rest : `/${rest}`, prefixed: true };
}

/** The address of `path` ('/product/mug', with its query) in the locale with `prefix`. */
export function localizePath(path: string, prefix: string): string {
  if (!prefix) return path;
  return path === '/' ? `/${prefix}/` : `/${prefix}${path}`;
}

/** The BCP 47 tag of a locale, for <html lang>, hreflang and Intl ('de', 'fr-CA'). */
export function localeTag(locale: StoreLocale): string {
  return locale.country ? `${locale.language}-${locale.country}` : locale.language;
}

/** Accept-Language's tags, best first ('de-DE,de;q=0.9,en;q=0.8' -> ['de-de', 'de', 'en']). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The language most people speak in a country, for visitors whose browser names none the shop speaks. */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  MC: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  CL: 'es',
  PE: 'es',
  JP: 'ja',
};

/**
 * Where a visitor who arrives at an unprefixed address belongs: the cookie's choice when it names a
 * locale, else the first accepted language the shop speaks, else the country's language (the CDN's
 * country header), else English.
 */
export function resolveVisitorLocale(input: {
  cookie?: string;
  acceptLanguage?: string;
  country?: string;
}): StoreLocale {
  const chosen = input.cookie ? localeOfPrefix(input.cookie) : undefined;
  if (chosen) return chosen;
  const accepted = acceptedLanguages(input.acceptLanguage).map((tag) => tag.split('-')[0] ?? '');
  const language = accepted.find(isLanguage) ?? COUNTRY_LANGUAGE[input.country?.toUpperCase() ?? ''];
  return (language && localeOfPrefix(language)) || DEFAULT_LOCALE;
}

/** The country a language's shop is for when its address names none: German is Germany's. */
const LANGUAGE_HOME: Record<Language, string> = { en: 'US', de: 'DE', fr: 'FR', es: 'ES', ja: 'JP' };

/**
 * The market a storefront locale shops in (docs/decisions/0067-markets.md), the same on the server
 * and in the browser: the market holding the address's country ('fr-ca': Canada); without one, the
 * market holding the language's home country ('de': Germany's), else the first market that speaks
 * the language; else undefined, the base market. `markets` are the active ones, base first.
 */
export function marketForLocale<M extends { countries: readonly string[]; languages: readonly string[] }>(
  markets: readonly M[],
  locale: Pick<StoreLocale, 'language' | 'country'>,
): M | undefined {
  const holding = (country: string) => markets.find((m) => m.countries.includes(country));
  if (locale.country) return holding(locale.country);
  if (locale.language === DEFAULT_LANGUAGE) return undefined;
  return (
    holding(LANGUAGE_HOME[locale.language]) ?? markets.find((m) => m.languages.includes(locale.language))
  );
}
