import { describe, expect, it } from 'vitest';
import { catalogKeys } from '../features/catalog/api/catalog-keys.ts';
import { catalogSearchQuery } from '../features/catalog/api/search-products.ts';
import { preloadFirstPage } from './preload.ts';

/** The query keys the first page's preload asked for (the requests themselves fail here: no server). */
function keysAsked(pathname: string, search = '') {
  const { queryClient } = preloadFirstPage({ pathname, search });
  return queryClient
    .getQueryCache()
    .findAll()
    .map((query) => JSON.stringify(query.queryKey));
}

const key = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

describe("the first page's preload", () => {
  it('asks for the catalog list the catalog page asks for, filters and all', () => {
    const asked = keysAsked('/products', '?sort=name&brand=acme');
    const query = catalogSearchQuery(new URLSearchParams('sort=name&brand=acme'), undefined);
    expect(query).toBe('sort=name&brand=acme&limit=20');
    expect(asked).toContain(key(catalogKeys.search(query)));
  });

  it("asks a category page's category and its list", () => {
    const asked = keysAsked('/categories/t%C3%B6pfe');
    expect(asked).toContain(key(catalogKeys.category('töpfe')));
    expect(asked).toContain(key(catalogKeys.search('limit=20&category=t%C3%B6pfe')));
  });

  it('asks for nothing of the catalog on other pages', () => {
    for (const path of ['/account', '/product/mug', '/']) {
      expect(keysAsked(path).filter((k) => k.includes('"search"'))).toEqual([]);
    }
  });
});
