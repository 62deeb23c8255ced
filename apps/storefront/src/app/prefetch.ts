import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a page's data is asked for with: the address's params (`:slug`) and its query string. */
export interface PrefetchArgs {
  queryClient: QueryClient;
  params: Params;
  searchParams: URLSearchParams;
}

/**
 * A route module's `handle`: the queries its first render reads, asked for by the server before it
 * renders the page (entry-server.tsx). The browser then starts from the server's answers.
 */
export interface RouteHandle {
  prefetch?: (args: PrefetchArgs) => Promise<unknown>;
  /** The HTTP status of the page when it is not 200 (the not-found page's 404). */
  status?: number;
}
