import { isTwoFactorRequired } from '@cartwheel/auth/api/auth-error';
import { leastRoleWith, type Permission } from '@cartwheel/shared/permissions';
import { useMe } from '@cartwheel/shared/use-me';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { AccessDenied } from '../features/auth/components/access-denied.tsx';
import { SignOutButton } from '../features/auth/components/sign-out-button.tsx';
import { TwoFactorRequired } from '../features/auth/components/two-factor-required.tsx';
import { UserMenu } from './layout/user-menu.tsx';

/** True below the outermost guard: the two-factor check runs once, at the top. */
const GuardedContext = createContext(false);

/**
 * Whether the API refuses this user's admin calls until they enable two-factor (the shop requires it):
 * learnt from any admin query or mutation that answers 403 two_factor_required.
 */
function useTwoFactorBlock(enabled: boolean, twoFactorEnabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onError = (error: unknown) => {
      if (isTwoFactorRequired(error)) setSeen(true);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [enabled, queryClient]);
  // Once two-factor is on, the refusals are over (the queries are refetched on set-up).
  return enabled && seen && !twoFactorEnabled;
}

/**
 * The back office's guard: a loader until the first session check, /admin/auth when signed out,
 * Access Denied to a customer or, with `permission`, to a member without it. The check is skipped
 * while the profile is not loaded. Renders `children`, else the route's outlet.
 */
export function ProtectedRoute({ permission, children }: { permission?: Permission; children?: ReactNode }) {
  const nested = useContext(GuardedContext);
  const { user, profile, isLoading } = useMe();
  const location = useLocation();
  const roleTooLow = profile
    ? profile.role === 'customer' || (permission ? !profile.permissions.includes(permission) : false)
    : false;
  const blocked = useTwoFactorBlock(
    !nested && Boolean(user) && !roleTooLow,
    Boolean(user?.two_factor_enabled),
  );

  if (isLoading) return nested ? null : <FullPageLoader />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  if (profile && roleTooLow) {
    const requiredRole = permission ? leastRoleWith(permission) : 'staff';
    const role = profile.staff_role?.name ?? profile.role;
    return nested ? (
      <AccessDenied inBackOffice requiredRole={requiredRole} role={role} />
    ) : (
      <main className="flex min-h-svh flex-col">
        <AccessDenied inBackOffice={false} requiredRole={requiredRole} role={role}>
          <SignOutButton />
        </AccessDenied>
      </main>
    );
  }
  if (blocked) {
    return (
      <div className="flex min-h-svh flex-col">
        <header className="flex h-14 items-center justify-between border-b px-4">
          <p className="font-semibold text-sm">Cartwheel Admin</p>
          <UserMenu />
        </header>
        <main className="flex flex-1 items-center justify-center p-4">
          <TwoFactorRequired />
        </main>
      </div>
    );
  }
  return <GuardedContext.Provider value={true}>{children ?? <Outlet />}</GuardedContext.Provider>;
}
