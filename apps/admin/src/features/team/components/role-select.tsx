import { NativeSelect } from '@cartwheel/ui/native-select';
import { roleLabel } from '@cartwheel/ui/role-badge';
import { type RoleChoice, STAFF_ROLES } from '../api/set-role.ts';
import { useStaffRoles } from '../api/staff-roles.ts';

/** The built-in roles, then the roles an admin made, in one picker. */
export function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: RoleChoice;
  onChange: (choice: RoleChoice) => void;
  label: string;
  disabled?: boolean;
}) {
  const custom = useStaffRoles().data?.items ?? [];
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as RoleChoice)}
      className="w-36"
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
      {custom.map((role) => (
        <option key={role.id} value={`custom:${role.id}`}>
          {role.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** What a member's role reads as: their custom role's name, else the built-in role's. */
export function roleChoiceLabel(choice: RoleChoice, names: { id: string; name: string }[]): string {
  if (!choice.startsWith('custom:')) return roleLabel(choice as Exclude<RoleChoice, `custom:${string}`>);
  return names.find((r) => `custom:${r.id}` === choice)?.name ?? 'a custom role';
}
