import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { HomeRoute } from '../routes/home.tsx';
import { RootLayout } from '../routes/layout.tsx';
import { RouteError } from '../routes/route-error.tsx';
import { loadCategoryRoute, loadProductRoute, loadProductsRoute } from './route-modules.ts';

// Everything but the home page is split out, so the first visit downloads only what it shows.
const ProductsRoute = lazy(() => loadProductsRoute().then((m) => ({ default: m.ProductsRoute })));
const CategoryRoute = lazy(() => loadCategoryRoute().then((m) => ({ default: m.CategoryRoute })));
const ProductRoute = lazy(() => loadProductRoute().then((m) => ({ default: m.ProductRoute })));
const AuthRoute = lazy(() => import('../routes/auth.tsx').then((m) => ({ default: m.AuthRoute })));
const AccountRoute = lazy(() => import('../routes/account.tsx').then((m) => ({ default: m.AccountRoute })));
const AccountOrdersRoute = lazy(() =>
  import('../routes/account-orders.tsx').then((m) => ({ default: m.AccountOrdersRoute })),
);
const OrderLinkRoute = lazy(() =>
  import('../routes/order-link.tsx').then((m) => ({ default: m.OrderLinkRoute })),
);
const AccountOrderRoute = lazy(() =>
  import('../routes/account-order.tsx').then((m) => ({ default: m.AccountOrderRoute })),
);
const CheckoutSuccessRoute = lazy(() =>
  import('../routes/checkout-success.tsx').then((m) => ({ default: m.CheckoutSuccessRoute })),
);
const CheckoutCancelRoute = lazy(() =>
  import('../routes/checkout-cancel.tsx').then((m) => ({ default: m.CheckoutCancelRoute })),
);
const CartRecoverRoute = lazy(() =>
  import('../routes/cart-recover.tsx').then((m) => ({ default: m.CartRecoverRoute })),
);
const UnsubscribeRoute = lazy(() =>
  import('../routes/unsubscribe.tsx').then((m) => ({ default: m.UnsubscribeRoute })),
);
const ContentPageRoute = lazy(() =>
  import('../routes/content-page.tsx').then((m) => ({ default: m.ContentPageRoute })),
);
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
        { path: 'categories/:slug', element: <CategoryRoute /> },
        { path: 'product/:slug', element: <ProductRoute /> },
        { path: 'auth', element: <AuthRoute /> },
        { path: 'account', element: <AccountRoute /> },
        { path: 'account/orders', element: <AccountOrdersRoute /> },
        { path: 'account/orders/:orderId', element: <AccountOrderRoute /> },
        // The checkout success page's "View My Orders" links here: /orders is the order history.
        { path: 'orders', element: <Navigate to="/account/orders" replace /> },
        { path: 'orders/view/:token', element: <OrderLinkRoute /> },
        { path: 'checkout/success', element: <CheckoutSuccessRoute /> },
        { path: 'checkout/cancel', element: <CheckoutCancelRoute /> },
        { path: 'cart/recover/:token', element: <CartRecoverRoute /> },
        { path: 'unsubscribe', element: <UnsubscribeRoute /> },
        { path: 'pages/:slug', element: <ContentPageRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
