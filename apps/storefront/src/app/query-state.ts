import { ApiError } from '@cartwheel/shared/api-client';
import { scriptSafeJson } from '@cartwheel/shared/seo';
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';

// The server hands the answers it rendered a page from to the browser once, in the page
// (<script id="query-state">), so the browser's first render reads them instead of asking again.
// A query that failed with a 4xx (a missing product) goes too, so both render the same not-found page.

interface SentError {
  status: number;
  code: string;
  message: string;
}

const isClientError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The page's answers as JSON that is safe inside a <script> element. */
export function dehydratedJson(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && isClientError(query.state.error)),
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (isClientError(error)) {
      const sent: SentError = { status: error.status, code: error.code, message: error.message };
      (query.state as { error: unknown }).error = sent;
    }
  }
  return scriptSafeJson(state);
}

/**
 * Fills the browser's query client with what the server rendered the page from. `confirmedAt`: when
 * the server last vouched for the page (a 200, or a 304 for the browser's copy; a shared cache keeps
 * a page only until a change purges it), from which its answers count as fresh instead of from their
 * render; omitted for a copy the browser showed without asking (going back in history).
 */
export function hydrateFromPage(
  queryClient: QueryClient,
  json: string | null | undefined,
  confirmedAt?: number,
): void {
  if (!json) return;
  let state: DehydratedState;
  try {
    state = JSON.parse(json) as DehydratedState;
  } catch {
    return; // the queries are asked for again, as on a page without any
  }
  for (const query of state.queries) {
    if (confirmedAt !== undefined && query.state.status === 'success') {
      query.state.dataUpdatedAt = Math.max(query.state.dataUpdatedAt, confirmedAt);
    }
    const sent = query.state.error as SentError | null | undefined;
    if (sent && typeof sent === 'object' && 'status' in sent) {
      (query.state as { error: unknown }).error = new ApiError(sent.status, sent.code, sent.message);
    }
  }
  hydrate(queryClient, state);
}

/**
 * When the server vouched for this page: now, unless the browser took it from its cache without
 * asking (nothing transferred), as it may when going back in history.
 */
export function pageConfirmedAt(): number | undefined {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.transferSize === 0 ? undefined : Date.now();
}
