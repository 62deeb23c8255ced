import { LoaderCircle } from 'lucide-react';

/** The whole-screen spinner shown while the signed-in user is being read. */
export function FullPageLoader() {
  return (
    <div className="flex min-h-svh items-center justify-center" aria-busy="true">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-muted-foreground" />
      <span className="sr-only" role="status">
        Loading...
      </span>
    </div>
  );
}
