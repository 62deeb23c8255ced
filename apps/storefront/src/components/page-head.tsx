import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import { DEFAULT_LANGUAGE, LANGUAGES, localeTag, localizePath } from '@cartwheel/shared/locale';
import { absoluteUrl, scriptSafeJson } from '@cartwheel/shared/seo';
import { useLocale } from '../i18n/i18n.tsx';
import { useSite, useStoreTitle } from '../lib/site.ts';

export interface PageHeadProps {
  /** The tab title, whole ("Mugs | Cartwheel Store"). */
  title: string;
  description?: string;
  /**
   * The page's own address on the shop without the locale prefix (e.g. /product/mug), for the
   * canonical link and og:url in the page's locale and the hreflang links to its other languages.
   */
  path?: string;
  /** Open Graph properties beyond the site's name and the title and description (og:type...). */
  og?: Record<string, string | undefined>;
  /** schema.org data for search engines, as JSON-LD. */
  jsonLd?: unknown;
}

/**
 * A page's head tags: the title, description, canonical link, hreflang alternates, Open Graph and
 * JSON-LD. React puts the title, meta and link elements in the document's <head> (on the server too).
 */
export function PageHead({ title, description, path, og = {}, jsonLd }: PageHeadProps) {
  const site = useSite().data;
  const locale = useLocale();
  const storeTitle = useStoreTitle();
  const url =
    site && path !== undefined ? `${site.public_url}${localizePath(path, locale.prefix)}` : undefined;
  const image = og['og:image'] ?? socialImage(site);
  const properties: Record<string, string | undefined> = {
    'og:type': 'website',
    'og:site_name': site?.store.name,
    'og:title': title.replace(` | ${storeTitle}`, ''),
    'og:description': description,
    'og:url': url,
    'og:locale': localeTag(locale).replace('-', '_'),
    ...og,
    'og:image': image,
  };
  return (
    <>
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      {site && path !== undefined
        ? [...LANGUAGES, 'x-default' as const].map((language) => (
            <link
              key={language}
              rel="alternate"
              hrefLang={language}
              href={`${site.public_url}${localizePath(path, language === 'x-default' || language === DEFAULT_LANGUAGE ? '' : language)}`}
            />
          ))
        : null}
      {Object.entries(properties).map(([property, content]) =>
        content ? <meta key={property} property={property} content={content} /> : null,
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {jsonLd ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(jsonLd) }}
        />
      ) : null}
    </>
  );
}

function socialImage(site: StorefrontSite | undefined): string | undefined {
  const path = site?.store.social_image_url;
  return site && path ? absoluteUrl(site.public_url, path) : undefined;
}
