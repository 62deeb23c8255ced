import { getErrorMessage } from '@cartwheel/shared/errors';
import { PERMISSION_GROUPS, type Permission } from '@cartwheel/shared/permissions';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { FormError } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { LoadingBlocks } from '../../../components/load-state.tsx';
import {
  type StaffRoleInput,
  useDeleteStaffRole,
  useSaveStaffRole,
  useStaffRoles,
} from '../api/staff-roles.ts';

/** The role editor: a name and the permissions, grouped by resource. */
function RoleDialog({ role, onClose }: { role: StaffRoleInput | null; onClose: () => void }) {
  const save = useSaveStaffRole();
  const [name, setName] = useState(role?.name ?? '');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const toggle = (permission: Permission, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  const onSave = async () => {
    try {
      await save.mutateAsync({ id: role?.id, name: name.trim(), permissions: [...chosen] });
      toast.success(`Role "${name.trim()}" saved`);
      onClose();
    } catch {
      // The message is shown in the dialog.
    }
  };
  return (
    <DialogLayout
      open={role !== null}
      onOpenChange={(open) => !open && onClose()}
      title={role?.id ? `Edit ${role.name}` : 'New role'}
      description="Members with this role can do what is ticked here, and nothing else."
      className="max-h-[90svh] overflow-y-auto sm:max-w-lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save role'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="role-name">Name</Label>
          <Input id="role-name" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        {PERMISSION_GROUPS.map((group) => (
          <fieldset key={group.resource} className="flex flex-col gap-2">
            <legend className="mb-1 font-medium text-sm">{group.resource}</legend>
            {group.permissions.map((permission) => (
              <span key={permission.id} className="flex items-center gap-2">
                <Checkbox
                  id={`permission-${permission.id}`}
                  checked={chosen.has(permission.id)}
                  onCheckedChange={(checked) => toggle(permission.id, checked === true)}
                />
                <Label htmlFor={`permission-${permission.id}`} className="font-normal">
                  {permission.label}
                </Label>
              </span>
            ))}
          </fieldset>
        ))}
        {save.isError ? <FormError>{getErrorMessage(save.error)}</FormError> : null}
      </div>
    </DialogLayout>
  );
}

/** Roles made of permissions, beside the built-in staff, manager and admin: list, make, edit, delete. */
export function RolesCard() {
  const roles = useStaffRoles();
  const remove = useDeleteStaffRole();
  const [editing, setEditing] = useState<StaffRoleInput | null>(null);
  const onDelete = async (id: string, name: string) => {
    try {
      await remove.mutateAsync(id);
      toast.success(`Role "${name}" deleted`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      {roles.isPending ? (
        <LoadingBlocks />
      ) : roles.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Error loading the roles: {getErrorMessage(roles.error)}
        </p>
      ) : roles.data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No custom roles yet.</p>
      ) : (
        <Table pinEnd>
          <ActionsTableHeader titles={['Role', 'Permissions', 'Members']} />
          <TableBody>
            {roles.data.items.map((role) => (
              <TableRow key={role.id} data-testid="custom-role">
                <TableCell className="font-medium">{role.name}</TableCell>
                <TableCell>{plural(role.permissions.length, 'permission')}</TableCell>
                <TableCell>{plural(role.members, 'member')}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(role)}>
                      Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => onDelete(role.id, role.name)}
                      aria-label={`Delete role ${role.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div>
        <Button variant="secondary" onClick={() => setEditing({ name: '', permissions: [] })}>
          New role
        </Button>
      </div>
      {editing ? <RoleDialog role={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
