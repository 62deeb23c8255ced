import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Form, FormControl, FormError, FormField, FormItem, FormLabel } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { RoleBadge } from '@cartwheel/ui/role-badge';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { useSearchUsers } from '../api/search-users.ts';
import { type RoleChoice, roleChoiceOf, useSetRole } from '../api/set-role.ts';
import { useStaffRoles } from '../api/staff-roles.ts';
import { RoleSelect, roleChoiceLabel } from './role-select.tsx';
import { fullName } from './team-table.tsx';

function UserResult({ user }: { user: TeamMember }) {
  const setRole = useSetRole();
  const customRoles = useStaffRoles().data?.items ?? [];
  const current = user.role === 'customer' ? null : roleChoiceOf(user);
  const [choice, setChoice] = useState<RoleChoice>(current ?? 'staff');
  const onGrant = async () => {
    try {
      await setRole.mutateAsync({ userId: user.user_id, choice });
      toast.success(`${user.email} is now ${roleChoiceLabel(choice, customRoles)}`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border px-3 py-2"
      data-testid="user-result"
    >
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-sm">{user.email}</span>
        <span className="flex items-center gap-2 text-muted-foreground text-xs">
          {fullName(user) || 'No name'} <RoleBadge role={user.role} name={user.staff_role?.name} />
        </span>
      </div>
      <div className="flex items-center gap-2">
        <RoleSelect
          label={`New role for ${user.email}`}
          value={choice}
          onChange={setChoice}
          disabled={setRole.isPending}
        />
        <Button size="sm" onClick={onGrant} disabled={setRole.isPending || choice === current}>
          {setRole.isPending ? 'Granting...' : 'Grant role'}
        </Button>
      </div>
    </li>
  );
}

/** Finds any user by email (customers included) and grants them a staff role. */
export function GrantRoleForm() {
  const form = useForm({ defaultValues: { email: '' } });
  const draft = useWatch({ control: form.control, name: 'email' });
  const [email, setEmail] = useState('');
  const results = useSearchUsers(email);
  const onSubmit = form.handleSubmit((values) => setEmail(values.email.trim()));
  return (
    <div className="flex flex-col gap-4">
      <search aria-label="Find users">
        <Form {...form}>
          <form onSubmit={onSubmit}>
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem id="user-search">
                  <FormLabel>Email</FormLabel>
                  <div className="flex gap-2">
                    <FormControl>
                      <Input type="search" placeholder="name@example.com" className="max-w-sm" {...field} />
                    </FormControl>
                    <Button type="submit" variant="secondary" disabled={!draft.trim()}>
                      <Search aria-hidden="true" />
                      Search
                    </Button>
                  </div>
                </FormItem>
              )}
            />
          </form>
        </Form>
      </search>
      {email ? (
        results.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : results.isError ? (
          <FormError>{getErrorMessage(results.error)}</FormError>
        ) : results.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No users found for “{email}”.</p>
        ) : (
          <ul aria-label="Users found" className="flex flex-col gap-2">
            {results.data.items.map((user) => (
              <UserResult key={user.user_id} user={user} />
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
