import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

function lazyRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
}

describe('storefront routes', () => {
  // The server preloads a page's chunks by its route's id (the build manifest's src/routes/<id>.tsx).
  it('names every lazy route after the module it loads', () => {
    const lazy = lazyRoutes(routes);
    expect(lazy.length).toBeGreaterThan(10);
    for (const route of lazy) {
      expect(route.id, String(route.path)).toBeDefined();
      expect(String(route.lazy)).toContain(`routes/${route.id}.tsx`);
    }
  });
});
