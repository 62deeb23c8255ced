import { Button } from '@cartwheel/ui/button';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';

/** Shown to a signed-in user whose role is below the page's. */
export function AccessDenied({
  requiredRole,
  role,
  children,
}: {
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
          {/* The storefront lives outside the /admin basename, so a plain link. */}
          <a href="/">Back to Store</a>
        </Button>
        {children}
      </div>
    </div>
  );
}
