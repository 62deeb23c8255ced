import { Button } from '@cartwheel/ui/button';
import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
      <title>Page not found | Cartwheel Admin</title>
      <p aria-hidden="true" className="font-bold text-6xl text-muted-foreground tracking-tight">
        404
      </p>
      <h1 className="font-semibold text-2xl">Oops! Page not found</h1>
      <Button asChild>
        {/* "/" is /admin: the router's basename */}
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
