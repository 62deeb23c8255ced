import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Retries a failed query once, but never a 4xx: asking again for a missing product will not find it. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetry },
    },
  });
}
