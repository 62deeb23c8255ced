import { useMe } from '@cartwheel/shared/use-me';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/** Account pages are for signed-in shoppers: others go to /auth (spec section 2). */
export function RequireSignedIn({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { isLoading, isSignedIn } = useMe();
  if (isLoading) return fallback;
  if (!isSignedIn) return <Navigate to="/auth" replace />;
  return children;
}
