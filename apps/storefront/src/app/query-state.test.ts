import { ApiError } from '@cartwheel/shared/api-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dehydratedJson, hydrateFromPage } from './query-state.ts';

async function serverClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({
    queryKey: ['product', 'mug'],
    queryFn: async () => ({ name: '</script><b>' }),
  });
  await client.prefetchQuery({
    queryKey: ['product', 'gone'],
    queryFn: async () => {
      throw new ApiError(404, 'product_not_found', 'Product not found');
    },
  });
  await client.prefetchQuery({
    queryKey: ['search'],
    queryFn: async () => {
      throw new ApiError(503, 'unavailable', 'Try again');
    },
  });
  return client;
}

describe("the page's query state", () => {
  it('hands answers and not-found errors to the browser, and leaves server errors for it to ask again', async () => {
    const json = dehydratedJson(await serverClient());
    expect(json).not.toContain('<');
    const browser = new QueryClient();
    hydrateFromPage(browser, json);
    expect(browser.getQueryData(['product', 'mug'])).toEqual({ name: '</script><b>' });
    const gone = browser.getQueryState(['product', 'gone']);
    expect(gone?.status).toBe('error');
    expect(gone?.error).toBeInstanceOf(ApiError);
    expect(gone?.error).toMatchObject({
      status: 404,
      code: 'product_not_found',
      message: 'Product not found',
    });
    expect(browser.getQueryState(['search'])).toBeUndefined();
  });

  it("counts the answers' age from when the server vouched for the page, not from its render", async () => {
    const server = new QueryClient();
    await server.prefetchQuery({ queryKey: ['site'], queryFn: async () => ({ name: 'Shop' }) });
    const state = JSON.parse(dehydratedJson(server)) as {
      queries: Array<{ state: { dataUpdatedAt: number } }>;
    };
    // Rendered an hour ago.
    for (const query of state.queries) query.state.dataUpdatedAt -= 3_600_000;
    const json = JSON.stringify(state);
    const site = (client: QueryClient) => client.getQueryCache().find({ queryKey: ['site'] });

    // Confirmed current by the server now (a 304, or a shared cache's copy before its purge).
    const confirmed = new QueryClient();
    hydrateFromPage(confirmed, json, Date.now());
    expect(site(confirmed)?.isStaleByTime(300_000)).toBe(false);
    expect(confirmed.getQueryData(['site'])).toEqual({ name: 'Shop' });

    // Shown from the browser's cache without asking: as old as its render, so asked again.
    const unasked = new QueryClient();
    hydrateFromPage(unasked, json);
    expect(site(unasked)?.isStaleByTime(300_000)).toBe(true);
  });

  it('starts empty from a page without state or with a broken one', () => {
    const browser = new QueryClient();
    hydrateFromPage(browser, undefined);
    hydrateFromPage(browser, '{not json');
    expect(browser.getQueryCache().getAll()).toHaveLength(0);
  });
});
