import { createBrowserRouter } from 'react-router';
import { AdminShell } from '../components/layout/admin-shell.tsx';
import { CustomersRoute } from '../routes/customers.tsx';
import { DashboardRoute } from '../routes/dashboard.tsx';
import { NotFoundRoute } from '../routes/not-found.tsx';
import { OrdersRoute } from '../routes/orders.tsx';
import { ProductsRoute } from '../routes/products.tsx';
import { RouteError } from '../routes/route-error.tsx';

/** Paths below are relative to the basename: "/orders" is /admin/orders in the address bar. */
export const ADMIN_BASENAME = '/admin';

export function createRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        element: <AdminShell />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: 'products', element: <ProductsRoute /> },
          { path: 'orders', element: <OrdersRoute /> },
          { path: 'customers', element: <CustomersRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
    { basename: ADMIN_BASENAME },
  );
}
