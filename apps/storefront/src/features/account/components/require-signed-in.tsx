import type { Me } from '@cartwheel/shared/contracts/accounts';
import { useMe } from '@cartwheel/shared/use-me';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { authPath } from '../../../lib/return-to.ts';

/**
 * Account pages are for signed-in shoppers: others go to /auth, and come back here after signing in. Renders `children` with the user once
 * the sign-in check has answered (a page loader until then).
 */
export function RequireSignedIn({ children }: { children: (user: NonNullable<Me['user']>) => ReactNode }) {
  const { isLoading, user } = useMe();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  // Signed out: sign in, then back to this page.
  if (!user) return <Navigate to={authPath(`${location.pathname}${location.search}`)} replace />;
  return children(user);
}
