import {
  LOCALE_COOKIE,
  localeTag,
  localizePath,
  resolveVisitorLocale,
  splitLocalePath,
} from '@cartwheel/shared/locale';
import type { FastifyRequest } from 'fastify';

// The first visit's language (docs/decisions/0068-storefront-languages.md): decided before the page
// cache, so every cached page is the one its address names and only the redirect depends on the visitor.

/** Where a storefront page request should go instead, with the cookie that remembers the choice. */
export interface LocaleRedirect {
  location: string;
  status: 301 | 302;
  /** The prefix to remember in the locale cookie, when the choice was made here. */
  remember?: string;
}

/**
 * '/en/...' goes to the unprefixed address for good; an unprefixed address goes to the visitor's
 * locale (the cookie, else Accept-Language and the CDN's country) when that is not English.
 */
export function localeRedirect(request: FastifyRequest): LocaleRedirect | undefined {
  const [path = '/', query] = request.url.split(/\?(.*)/s);
  const search = query ? `?${query}` : '';
  const { locale, rest, prefixed } = splitLocalePath(path);
  if (prefixed) return locale.prefix ? undefined : { location: rest + search, status: 301 };
  const cookie = (request.cookies as Record<string, string | undefined> | undefined)?.[LOCALE_COOKIE];
  const wanted = resolveVisitorLocale({
    cookie,
    acceptLanguage: request.headers['accept-language'],
    country: headerValue(request.headers['cf-ipcountry'] ?? request.headers['cloudfront-viewer-country']),
  });
  if (!wanted.prefix) return undefined;
  return {
    location: localizePath(path, wanted.prefix) + search,
    status: 302,
    remember: cookie ? undefined : wanted.prefix,
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The storefront locale a request was sent from, as a BCP 47 tag ('de', 'fr-CA'): the shop page it
 * came from (Referer), else the visitor's cookie, Accept-Language and the CDN's country.
 */
export function requestLocaleTag(headers: Headers | undefined): string {
  const referer = headers?.get('referer');
  const page = referer ? pathOf(referer) : undefined;
  // The back office is in English and says nothing of the shopper's language.
  if (page) return /^\/admin(\/|$)/.test(page) ? 'en' : localeTag(splitLocalePath(page).locale);
  const cookie = headers
    ?.get('cookie')
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  const locale = resolveVisitorLocale({
    cookie,
    acceptLanguage: headers?.get('accept-language') ?? undefined,
    country: headers?.get('cf-ipcountry') ?? headers?.get('cloudfront-viewer-country') ?? undefined,
  });
  return localeTag(locale);
}

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}
