import type { Me } from '@cartwheel/shared/contracts/accounts';
import { useMe } from '@cartwheel/shared/use-me';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';

/**
 * Account pages are for signed-in shoppers: others go to /auth. Renders `children` with the user once
 * the sign-in check has answered (a page loader until then).
 */
export function RequireSignedIn({ children }: { children: (user: NonNullable<Me['user']>) => ReactNode }) {
  const { isLoading, user } = useMe();
  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to="/auth" replace />;
  return children(user);
}
