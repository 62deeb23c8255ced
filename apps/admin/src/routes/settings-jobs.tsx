import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useJobsHealth } from '../features/jobs/api/jobs.ts';
import {
  FailedJobsTable,
  QueueCountsTable,
  SchedulesTable,
} from '../features/jobs/components/jobs-tables.tsx';

/** /admin/settings/jobs (admins): the background job queue's health, and retrying failed jobs. */
export function SettingsJobsRoute() {
  const health = useJobsHealth();
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Jobs">
        <Button variant="outline" onClick={() => health.refetch()} disabled={health.isFetching}>
          {health.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </PageHeader>
      {health.isPending ? (
        <LoadingBlocks />
      ) : health.isError ? (
        <LoadError title="Error loading the job queue" error={health.error} />
      ) : (
        <div className="flex flex-col gap-6">
          {!health.data.runs_jobs && (
            <p className="text-sm text-muted-foreground">
              This server only queues jobs (ROLE=web); the worker processes run them.
            </p>
          )}
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Queues</h2>
              </CardTitle>
              <CardDescription>
                Background work: emails going out, expired checkouts returning their stock.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <QueueCountsTable queues={health.data.queues} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Scheduled jobs</h2>
              </CardTitle>
              <CardDescription>Each runs once per period, however many worker processes run.</CardDescription>
            </CardHeader>
            <CardContent>
              <SchedulesTable schedules={health.data.schedules} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Failed jobs</h2>
              </CardTitle>
              <CardDescription>
                Jobs that failed on every try. Retry one once its cause is fixed.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {health.data.failed.length === 0 ? (
                <p className="text-sm text-muted-foreground">No failed jobs.</p>
              ) : (
                <FailedJobsTable jobs={health.data.failed} />
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
