import type { Role } from '@cartwheel/shared/constants';
import { Badge, type BadgeProps } from '@cartwheel/ui/badge';

// Spec section 6: admin default style, manager secondary, staff outline.
const VARIANT: Record<Role, BadgeProps['variant']> = {
  admin: 'default',
  manager: 'secondary',
  staff: 'outline',
  customer: 'outline',
};

export const roleLabel = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={VARIANT[role]}>{roleLabel(role)}</Badge>;
}
