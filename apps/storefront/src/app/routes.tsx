import { type RouteObject, redirect } from 'react-router';
import { HomeRoute, handle as homeHandle } from '../routes/home.tsx';
import { handle as layoutHandle, RootLayout } from '../routes/layout.tsx';
import { RouteError } from '../routes/route-error.tsx';

/**
 * The storefront's pages, the same for the server's render (entry-server.tsx) and the browser's
 * (main.tsx). Every page but the home page is its own chunk, loaded before the page renders; a
 * module's `handle` names the data its first render needs (app/prefetch.ts).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    handle: layoutHandle,
    children: [
      { index: true, Component: HomeRoute, handle: homeHandle },
      {
        path: 'products',
        lazy: () =>
          import('../routes/products.tsx').then((m) => ({ Component: m.ProductsRoute, handle: m.handle })),
      },
      {
        path: 'categories/:slug',
        lazy: () =>
          import('../routes/category.tsx').then((m) => ({ Component: m.CategoryRoute, handle: m.handle })),
      },
      {
        path: 'product/:slug',
        lazy: () =>
          import('../routes/product.tsx').then((m) => ({ Component: m.ProductRoute, handle: m.handle })),
      },
      {
        path: 'pages/:slug',
        lazy: () =>
          import('../routes/content-page.tsx').then((m) => ({
            Component: m.ContentPageRoute,
            handle: m.handle,
          })),
      },
      { path: 'auth', lazy: () => import('../routes/auth.tsx').then((m) => ({ Component: m.AuthRoute })) },
      {
        path: 'account',
        lazy: () => import('../routes/account.tsx').then((m) => ({ Component: m.AccountRoute })),
      },
      {
        path: 'account/orders',
        lazy: () => import('../routes/account-orders.tsx').then((m) => ({ Component: m.AccountOrdersRoute })),
      },
      {
        path: 'account/orders/:orderId',
        lazy: () => import('../routes/account-order.tsx').then((m) => ({ Component: m.AccountOrderRoute })),
      },
      {
        path: 'wishlist',
        lazy: () => import('../routes/wishlist.tsx').then((m) => ({ Component: m.WishlistRoute })),
      },
      {
        path: 'wishlist/shared/:token',
        lazy: () =>
          import('../routes/wishlist-shared.tsx').then((m) => ({ Component: m.SharedWishlistRoute })),
      },
      // The checkout success page's "View My Orders" links here: /orders is the order history.
      { path: 'orders', loader: () => redirect('/account/orders') },
      {
        path: 'orders/view/:token',
        lazy: () => import('../routes/order-link.tsx').then((m) => ({ Component: m.OrderLinkRoute })),
      },
      {
        path: 'gift-cards',
        lazy: () => import('../routes/gift-cards.tsx').then((m) => ({ Component: m.GiftCardsRoute })),
      },
      {
        path: 'cart',
        lazy: () => import('../routes/cart.tsx').then((m) => ({ Component: m.CartRoute })),
      },
      {
        path: 'checkout',
        lazy: () => import('../routes/checkout.tsx').then((m) => ({ Component: m.CheckoutRoute })),
      },
      {
        path: 'checkout/success',
        lazy: () =>
          import('../routes/checkout-success.tsx').then((m) => ({
            Component: m.CheckoutSuccessRoute,
            handle: m.handle,
          })),
      },
      {
        path: 'checkout/cancel',
        lazy: () =>
          import('../routes/checkout-cancel.tsx').then((m) => ({ Component: m.CheckoutCancelRoute })),
      },
      {
        path: 'cart/recover/:token',
        lazy: () => import('../routes/cart-recover.tsx').then((m) => ({ Component: m.CartRecoverRoute })),
      },
      {
        path: 'review/:token',
        lazy: () => import('../routes/review.tsx').then((m) => ({ Component: m.ReviewRoute })),
      },
      {
        path: 'unsubscribe',
        lazy: () => import('../routes/unsubscribe.tsx').then((m) => ({ Component: m.UnsubscribeRoute })),
      },
      {
        path: '*',
        lazy: () =>
          import('../routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute, handle: m.handle })),
      },
    ],
  },
];
