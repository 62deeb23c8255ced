import type { Role } from '@cartwheel/shared/constants';
import { capitalize } from '@cartwheel/shared/text';
import { Badge, type BadgeProps } from './badge.tsx';

/** Admin in the default style, manager secondary, staff (and customer) outline. */
const ROLE_VARIANT: Record<Role, BadgeProps['variant']> = {
  admin: 'default',
  manager: 'secondary',
  staff: 'outline',
  customer: 'outline',
};

/** "manager" -> "Manager". */
export const roleLabel = (role: Role) => capitalize(role);

export type RoleBadgeProps = Omit<BadgeProps, 'variant' | 'children'> & {
  role: Role;
  /** A custom role's name, shown instead of the built-in role it is held with. */
  name?: string | undefined;
};

/** A person's role as a badge. */
export function RoleBadge({ role, name, ...props }: RoleBadgeProps) {
  return (
    <Badge variant={ROLE_VARIANT[role]} {...props}>
      {name ?? roleLabel(role)}
    </Badge>
  );
}
