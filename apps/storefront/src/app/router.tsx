import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { HomeRoute } from '../routes/home.tsx';
import { RootLayout } from '../routes/layout.tsx';
import { RouteError } from '../routes/route-error.tsx';

// Everything but the home page is split out, so the first visit downloads only what it shows.
const ProductsRoute = lazy(() =>
  import('../routes/products.tsx').then((m) => ({ default: m.ProductsRoute })),
);
const ProductRoute = lazy(() => import('../routes/product.tsx').then((m) => ({ default: m.ProductRoute })));
const NotFoundRoute = lazy(() =>
  import('../routes/not-found.tsx').then((m) => ({ default: m.NotFoundRoute })),
);

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomeRoute /> },
        { path: 'products', element: <ProductsRoute /> },
        { path: 'product/:slug', element: <ProductRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
