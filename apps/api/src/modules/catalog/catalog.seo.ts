import { LANGUAGES } from '@cartwheel/shared/locale';
import { escapeHtml } from '../../lib/html.ts';

// What search engines read of the storefront besides its pages (whose heads the storefront's route
// modules render): the sitemap and robots.txt.

/** Most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

export function urlsetXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: string[]): string {
  const maps = locs.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps}\n</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled but the back office and the API; points at each language's sitemap. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    ...LANGUAGES.map((lang) => `Sitemap: ${publicUrl}/sitemap.xml${lang === 'en' ? '' : `?lang=${lang}`}`),
    '',
  ].join('\n');
}
