import type { JobsHealth } from '@cartwheel/shared/contracts/jobs';
import { formatLogTime } from '@cartwheel/shared/dates';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { useRetryJob } from '../api/jobs.ts';

/** What each queue does, in the shop's words. */
const QUEUE_LABELS: Record<string, string> = {
  'email-deliver': 'Email delivery',
  'checkout-expire': 'Expired checkouts',
  'checkout-reconcile': 'Unrecorded payments',
  'refund-reconcile': 'Unfinished refunds',
  'abandoned-checkout': 'Abandoned-checkout emails',
  'review-request': 'Review request emails',
  'webhook-deliver': 'Webhook deliveries',
  'product-image-import': 'Imported product images',
  'image-variants': 'Image sizes',
  'image-variants-backfill': 'Missing image sizes',
  'cdn-purge': 'CDN purges',
};
export const queueLabel = (name: string) => QUEUE_LABELS[name] ?? name;

const every = (seconds: number) =>
  seconds === 0
    ? 'Off'
    : seconds % 3600 === 0
      ? `Every ${seconds / 3600} h`
      : seconds % 60 === 0
        ? `Every ${seconds / 60} min`
        : `Every ${seconds} s`;

function TitlesHeader({ titles }: { titles: string[] }) {
  return (
    <TableHeader>
      <TableRow>
        {titles.map((title) => (
          <TableHead key={title}>{title}</TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

/** Jobs waiting, running, failed and completed (last day) per queue. */
export function QueueCountsTable({ queues }: { queues: JobsHealth['queues'] }) {
  return (
    <Table>
      <TitlesHeader titles={['Queue', 'Waiting', 'Active', 'Failed', 'Completed (last day)']} />
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.name} data-testid="job-queue">
            <TableCell>{queueLabel(queue.name)}</TableCell>
            <TableCell>{queue.waiting}</TableCell>
            <TableCell>{queue.active}</TableCell>
            <TableCell className={queue.failed > 0 ? 'font-medium text-destructive' : undefined}>
              {queue.failed}
            </TableCell>
            <TableCell>{queue.completed}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Each scheduled job: how often, when it last ran, when it runs next. */
export function SchedulesTable({ schedules }: { schedules: JobsHealth['schedules'] }) {
  return (
    <Table>
      <TitlesHeader titles={['Job', 'Runs', 'Last run', 'Next run']} />
      <TableBody>
        {schedules.map((schedule) => (
          <TableRow key={schedule.name} data-testid="job-schedule">
            <TableCell>{queueLabel(schedule.name)}</TableCell>
            <TableCell>{every(schedule.period_seconds)}</TableCell>
            <TableCell>{schedule.last_run_at ? formatLogTime(schedule.last_run_at) : 'Never'}</TableCell>
            <TableCell>{schedule.next_run_at ? formatLogTime(schedule.next_run_at) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Jobs that used up their retries, with the last error and a Retry button. */
export function FailedJobsTable({ jobs }: { jobs: JobsHealth['failed'] }) {
  const retry = useRetryJob();
  return (
    <Table pinEnd>
      <ActionsTableHeader titles={['Queue', 'Error', 'Attempts', 'Failed']} />
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id} data-testid="failed-job">
            <TableCell>{queueLabel(job.name)}</TableCell>
            <TableCell className="max-w-md break-words">{job.error}</TableCell>
            <TableCell>{job.attempts}</TableCell>
            <TableCell className="whitespace-nowrap">
              {job.failed_at ? formatLogTime(job.failed_at) : '—'}
            </TableCell>
            <TableCell className="text-right">
              <Button
                variant="outline"
                size="sm"
                disabled={retry.isPending && retry.variables === job.id}
                aria-label={`Retry the ${queueLabel(job.name)} job that failed with: ${job.error}`}
                onClick={() =>
                  retry.mutate(job.id, {
                    onSuccess: () => toast.success('Job queued again'),
                    onError: (error) => toast.error(`Failed to retry the job: ${getErrorMessage(error)}`),
                  })
                }
              >
                Retry
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
