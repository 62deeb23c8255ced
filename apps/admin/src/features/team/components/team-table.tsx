import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { RoleBadge, roleLabel } from '@cartwheel/ui/role-badge';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { TextCell } from '../../../components/data-table-columns.tsx';
import { STAFF_ROLES, type StaffRole, useSetRole } from '../api/set-role.ts';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog.tsx';
import { RevokeDialog } from './revoke-dialog.tsx';

export const fullName = (member: TeamMember) => `${member.first_name} ${member.last_name}`.trim();

/** Everyone with a staff role: name, email, role, two-factor; change the role or revoke it. */
export function TeamTable({ members, currentUserId }: { members: TeamMember[]; currentUserId?: string }) {
  const setRole = useSetRole();
  const [revoking, setRevoking] = useState<TeamMember | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);

  const onRoleChange = async (member: TeamMember, role: StaffRole) => {
    try {
      await setRole.mutateAsync({ userId: member.user_id, role });
      toast.success(`${member.email} is now ${roleLabel(role)}`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <>
      <Table>
        <ActionsTableHeader titles={['Name', 'Email', 'Role', 'Two-factor']} />
        <TableBody>
          {members.map((member) => {
            const busy = setRole.isPending && setRole.variables?.userId === member.user_id;
            return (
              <TableRow key={member.user_id} data-testid="team-member">
                <TableCell className="font-medium">
                  {fullName(member) ? (
                    <TextCell text={fullName(member)} />
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                  {member.user_id === currentUserId ? (
                    <span className="ml-2 text-muted-foreground text-xs">(you)</span>
                  ) : null}
                </TableCell>
                <TableCell>
                  <TextCell text={member.email} />
                </TableCell>
                <TableCell>
                  <RoleBadge role={member.role} />
                </TableCell>
                <TableCell>{member.two_factor_enabled ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  {/* The buttons wrap under the role when the table is narrow (a member with two-factor has three). */}
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    <NativeSelect
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={busy}
                      onChange={(event) => onRoleChange(member, event.target.value as StaffRole)}
                      className="w-32"
                    >
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel(role)}
                        </option>
                      ))}
                    </NativeSelect>
                    {member.two_factor_enabled && member.user_id !== currentUserId ? (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setResetting(member)}
                        aria-label={`Reset two-factor of ${member.email}`}
                      >
                        Reset two-factor
                      </Button>
                    ) : null}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setRevoking(member)}
                      aria-label={`Revoke access of ${member.email}`}
                    >
                      Revoke
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <RevokeDialog member={revoking} onClose={() => setRevoking(null)} />
      <ResetTwoFactorDialog member={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
