import { getErrorMessage } from '@cartwheel/shared/errors';
import { useMe } from '@cartwheel/shared/use-me';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useTeam } from '../features/team/api/get-team.ts';
import { GrantRoleForm } from '../features/team/components/grant-role-form.tsx';
import { RolesCard } from '../features/team/components/roles-card.tsx';
import { TeamTable } from '../features/team/components/team-table.tsx';
import { TwoFactorSetting } from '../features/team/components/two-factor-setting.tsx';

/** /admin/team (team.manage): who has back-office access, granting and revoking roles, the two-factor rule. */
export function TeamRoute() {
  const { user } = useMe();
  const team = useTeam();
  return (
    <>
      <PageHeader title="Team" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Team members</h2>
          </CardTitle>
          <CardDescription>Everyone with access to the back office.</CardDescription>
        </CardHeader>
        <CardContent>
          {team.isPending ? (
            <LoadingBlocks />
          ) : team.isError ? (
            <p role="alert" className="text-destructive text-sm">
              Error loading the team: {getErrorMessage(team.error)}
            </p>
          ) : (
            <TeamTable members={team.data.items} currentUserId={user?.id} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Add a team member</h2>
          </CardTitle>
          <CardDescription>
            Find anyone with an account by email and grant them a role. Staff read products, orders and
            customers and update orders; managers also edit the catalog; admins also manage the team and
            settings.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <GrantRoleForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Roles</h2>
          </CardTitle>
          <CardDescription>
            Make a role from permissions (for example Fulfilment: view and fulfil orders, no refunds or
            customer exports) and choose it for a member above.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RolesCard />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Security</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <TwoFactorSetting />
        </CardContent>
      </Card>
    </>
  );
}
