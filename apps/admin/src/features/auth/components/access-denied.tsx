import { Button } from '@cartwheel/ui/button';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Shown to a signed-in user who may not open the page, naming the lowest built-in role that may and
 * theirs (a custom role by its name): a member goes back to the back office's home, someone with no
 * back-office role back to the store.
 */
export function AccessDenied({
  inBackOffice,
  requiredRole,
  role,
  children,
}: {
  inBackOffice: boolean;
  requiredRole: string;
  role: string;
  /** Extra actions, e.g. sign out. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>Access Denied | Cartwheel Admin</title>
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10">
        <ShieldX aria-hidden="true" className="size-6 text-destructive" />
      </span>
      <h1 className="font-bold text-2xl tracking-tight">Access Denied</h1>
      <p className="max-w-md text-muted-foreground">
        You don't have permission to access this page. Required role: {requiredRole}, your role: {role}.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          {inBackOffice ? (
            <Link to="/">Back to Home</Link>
          ) : (
            // The storefront lives outside the /admin basename, so a plain link.
            <a href="/">Back to Store</a>
          )}
        </Button>
        {children}
      </div>
    </div>
  );
}
