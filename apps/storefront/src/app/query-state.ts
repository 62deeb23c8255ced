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

/** Fills the browser's query client with what the server rendered the page from. */
export function hydrateFromPage(queryClient: QueryClient, json: string | null | undefined): void {
  if (!json) return;
  let state: DehydratedState;
  try {
    state = JSON.parse(json) as DehydratedState;
  } catch {
    return; // the queries are asked for again, as on a page without any
  }
  // A kept page (a browser's copy confirmed by a 304, a shared cache's until the purge) is current
  // when it arrives: its answers are as fresh as that, not as old as its render.
  const arrived = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = arrived;
    const sent = query.state.error as SentError | null | undefined;
    if (sent && typeof sent === 'object' && 'status' in sent) {
      (query.state as { error: unknown }).error = new ApiError(sent.status, sent.code, sent.message);
    }
  }
  hydrate(queryClient, state);
}
