import { Button } from '@cartwheel/ui/button';
import { Link } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { PageTitle } from '../components/page-title.tsx';

/** The server answers an address no page has with a 404. */
export const handle: RouteHandle = { status: 404 };

export function NotFoundRoute() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <PageTitle page="Page not found" />
      <p className="font-bold text-6xl text-muted-foreground tracking-tight" aria-hidden="true">
        404
      </p>
      <h1 className="font-semibold text-2xl">Oops! Page not found</h1>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
