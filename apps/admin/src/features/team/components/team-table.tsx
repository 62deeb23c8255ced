import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { RoleBadge } from '@cartwheel/ui/role-badge';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { TextCell } from '../../../components/data-table-columns.tsx';
import { type RoleChoice, roleChoiceOf, useSetRole } from '../api/set-role.ts';
import { useStaffRoles } from '../api/staff-roles.ts';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog.tsx';
import { RevokeDialog } from './revoke-dialog.tsx';
import { RoleSelect, roleChoiceLabel } from './role-select.tsx';

export const fullName = (member: TeamMember) => `${member.first_name} ${member.last_name}`.trim();

/** Everyone with a staff role: name, email, role, two-factor; change the role or revoke it. */
export function TeamTable({ members, currentUserId }: { members: TeamMember[]; currentUserId?: string }) {
  const setRole = useSetRole();
  const customRoles = useStaffRoles().data?.items ?? [];
  const [revoking, setRevoking] = useState<TeamMember | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);

  const onRoleChange = async (member: TeamMember, choice: RoleChoice) => {
    try {
      await setRole.mutateAsync({ userId: member.user_id, choice });
      toast.success(`${member.email} is now ${roleChoiceLabel(choice, customRoles)}`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <>
      <Table pinEnd>
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
                  <RoleBadge role={member.role} name={member.staff_role?.name} />
                </TableCell>
                <TableCell>{member.two_factor_enabled ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  {/* Stacked under 1024 px, where this column stays pinned at the card's edge: a narrow column. */}
                  <div className="flex flex-col items-end gap-2 lg:flex-row lg:flex-wrap lg:items-center lg:justify-end">
                    <RoleSelect
                      label={`Role of ${member.email}`}
                      value={roleChoiceOf(member)}
                      disabled={busy}
                      onChange={(choice) => onRoleChange(member, choice)}
                    />
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
