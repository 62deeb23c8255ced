import { type RouteObject, redirect } from 'react-router';
import { HomeRoute, handle as homeHandle } from '../routes/home.tsx';
import { handle as layoutHandle, RootLayout } from '../routes/layout.tsx';
import { RouteError } from '../routes/route-error.tsx';

/**
 * The storefront's pages, the same for the server's render (entry-server.tsx) and the browser's
 * (main.tsx). Every page but the home page is its own chunk, loaded before the page renders; a
 * module's `handle` names the data its first render needs (app/prefetch.ts). A lazy route's id is its
 * module's file name: the server finds the page's chunks under it in the build's manifest and has the
 * browser fetch them with the page.
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
        id: 'products',
        path: 'products',
        lazy: () =>
          import('../routes/products.tsx').then((m) => ({ Component: m.ProductsRoute, handle: m.handle })),
      },
      {
        id: 'category',
        path: 'categories/:slug',
        lazy: () =>
          import('../routes/category.tsx').then((m) => ({ Component: m.CategoryRoute, handle: m.handle })),
      },
      {
        id: 'product',
        path: 'product/:slug',
        lazy: () =>
          import('../routes/product.tsx').then((m) => ({ Component: m.ProductRoute, handle: m.handle })),
      },
      {
        id: 'content-page',
        path: 'pages/:slug',
        lazy: () =>
          import('../routes/content-page.tsx').then((m) => ({
            Component: m.ContentPageRoute,
            handle: m.handle,
          })),
      },
      {
        id: 'auth',
        path: 'auth',
        lazy: () => import('../routes/auth.tsx').then((m) => ({ Component: m.AuthRoute })),
      },
      {
        id: 'account',
        path: 'account',
        lazy: () => import('../routes/account.tsx').then((m) => ({ Component: m.AccountRoute })),
      },
      {
        id: 'account-orders',
        path: 'account/orders',
        lazy: () => import('../routes/account-orders.tsx').then((m) => ({ Component: m.AccountOrdersRoute })),
      },
      {
        id: 'account-order',
        path: 'account/orders/:orderId',
        lazy: () => import('../routes/account-order.tsx').then((m) => ({ Component: m.AccountOrderRoute })),
      },
      {
        id: 'wishlist',
        path: 'wishlist',
        lazy: () => import('../routes/wishlist.tsx').then((m) => ({ Component: m.WishlistRoute })),
      },
      {
        id: 'wishlist-shared',
        path: 'wishlist/shared/:token',
        lazy: () =>
          import('../routes/wishlist-shared.tsx').then((m) => ({ Component: m.SharedWishlistRoute })),
      },
      // The checkout success page's "View My Orders" links here: /orders is the order history.
      { path: 'orders', loader: () => redirect('/account/orders') },
      {
        id: 'order-link',
        path: 'orders/view/:token',
        lazy: () => import('../routes/order-link.tsx').then((m) => ({ Component: m.OrderLinkRoute })),
      },
      {
        id: 'gift-cards',
        path: 'gift-cards',
        lazy: () => import('../routes/gift-cards.tsx').then((m) => ({ Component: m.GiftCardsRoute })),
      },
      {
        id: 'cart',
        path: 'cart',
        lazy: () => import('../routes/cart.tsx').then((m) => ({ Component: m.CartRoute })),
      },
      {
        id: 'checkout',
        path: 'checkout',
        lazy: () => import('../routes/checkout.tsx').then((m) => ({ Component: m.CheckoutRoute })),
      },
      {
        id: 'checkout-success',
        path: 'checkout/success',
        lazy: () =>
          import('../routes/checkout-success.tsx').then((m) => ({
            Component: m.CheckoutSuccessRoute,
            handle: m.handle,
          })),
      },
      {
        id: 'checkout-cancel',
        path: 'checkout/cancel',
        lazy: () =>
          import('../routes/checkout-cancel.tsx').then((m) => ({ Component: m.CheckoutCancelRoute })),
      },
      {
        id: 'cart-recover',
        path: 'cart/recover/:token',
        lazy: () => import('../routes/cart-recover.tsx').then((m) => ({ Component: m.CartRecoverRoute })),
      },
      {
        id: 'review',
        path: 'review/:token',
        lazy: () => import('../routes/review.tsx').then((m) => ({ Component: m.ReviewRoute })),
      },
      {
        id: 'unsubscribe',
        path: 'unsubscribe',
        lazy: () => import('../routes/unsubscribe.tsx').then((m) => ({ Component: m.UnsubscribeRoute })),
      },
      {
        id: 'not-found',
        path: '*',
        lazy: () =>
          import('../routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute, handle: m.handle })),
      },
    ],
  },
];
