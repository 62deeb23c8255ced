import { RouteErrorScreen } from '@cartwheel/ui/route-error';

/** Last-resort screen when a page throws while rendering (or its code fails to download). */
export function RouteError() {
  return <RouteErrorScreen siteName="Cartwheel Admin" homeHref="/admin" homeLabel="Back to Home" />;
}
