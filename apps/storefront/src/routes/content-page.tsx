import { ApiError } from '@cartwheel/shared/api-client';
import { useParams } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { PageHead } from '../components/page-head.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { pageQueryOptions, usePage } from '../features/content/api/get-site.ts';
import { usePageTitle } from '../lib/site.ts';
import { NotFoundRoute } from './not-found.tsx';

export const handle: RouteHandle = {
  prefetch: ({ queryClient, params }) => queryClient.prefetchQuery(pageQueryOptions(params.slug ?? '')),
};

/** /pages/:slug: a page the shop wrote (About, Shipping & Returns...); drafts and unknown slugs are not found. */
export function ContentPageRoute() {
  const { slug = '' } = useParams();
  const page = usePage(slug);
  const pageTitle = usePageTitle(page.data ? page.data.seo_title || page.data.title : '');

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundRoute />;
    throw page.error;
  }
  const { title, html, description } = page.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <PageHead
        title={pageTitle}
        description={description}
        path={`/pages/${encodeURIComponent(page.data.slug)}`}
        og={{ 'og:type': 'article' }}
      />
      <h1 className="mb-6 text-balance font-bold text-3xl tracking-tight md:text-4xl">{title}</h1>
      {/* Markdown rendered and sanitised on the server (an allowlist of tags and URL schemes). */}
      <div
        className="space-y-4 leading-relaxed [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-8 [&_h2]:font-semibold [&_h2]:text-2xl [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-xl [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-6"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (content/markdown.ts)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
