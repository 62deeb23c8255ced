import type { Permission } from '@cartwheel/shared/permissions';
import { useMe } from '@cartwheel/shared/use-me';

/** Whether the signed-in member holds a permission: screens hide what the API would refuse. */
export function useCan(): (permission: Permission) => boolean {
  const { profile } = useMe();
  return (permission) => Boolean(profile?.permissions.includes(permission));
}
