import { Button } from '@cartwheel/ui/button';
import { useRouteError } from 'react-router';

/** Last-resort screen when a page throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>Something went wrong | Cartwheel Admin</title>
      <h1 className="font-bold text-2xl">Something went wrong</h1>
      <p className="text-muted-foreground">An unexpected error occurred. Please reload the page.</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <a href="/admin">Back to Home</a>
        </Button>
      </div>
    </main>
  );
}
