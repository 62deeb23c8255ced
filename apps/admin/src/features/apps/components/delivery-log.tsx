import type { WebhookDelivery } from '@cartwheel/shared/contracts/apps';
import { formatLogTime } from '@cartwheel/shared/dates';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { LoadError, LoadingBlocks } from '../../../components/load-state.tsx';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks.ts';

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** What the latest try got: the status code, or the error when there was no answer. */
function lastTry(delivery: WebhookDelivery): string {
  const [latest] = delivery.attempts;
  if (!latest) return 'Not sent yet';
  const answer = latest.status_code === null ? (latest.error ?? 'No answer') : `HTTP ${latest.status_code}`;
  return `${answer} in ${latest.duration_ms} ms`;
}

/** One endpoint's latest deliveries, each with its tries, and a Resend button. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery();
  if (deliveries.isPending) return <LoadingBlocks />;
  if (deliveries.isError) return <LoadError title="Error loading deliveries" error={deliveries.error} />;
  if (deliveries.data.items.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No deliveries yet: they appear when a subscribed event happens.
      </p>
    );
  }
  return (
    <Table pinEnd>
      <ActionsTableHeader titles={['Event', 'Status', 'Tries', 'Last try', 'Created']} />
      <TableBody>
        {deliveries.data.items.map((delivery) => (
          <TableRow key={delivery.id} data-testid="webhook-delivery">
            <TableCell className="font-mono text-xs">
              {delivery.event_type}
              {/* The id the receiver gets in Cartwheel-Event-Id, to match this row with its logs. */}
              <div className="text-muted-foreground">{delivery.event_id}</div>
            </TableCell>
            <TableCell>
              <Badge
                variant={
                  delivery.status === 'failed'
                    ? 'destructive'
                    : delivery.status === 'succeeded'
                      ? 'secondary'
                      : 'outline'
                }
              >
                {STATUS_LABELS[delivery.status]}
              </Badge>
            </TableCell>
            <TableCell>{delivery.attempts.length}</TableCell>
            <TableCell
              className="max-w-64 truncate"
              title={delivery.attempts.map((a) => `#${a.attempt}: ${a.status_code ?? a.error}`).join('\n')}
            >
              {lastTry(delivery)}
            </TableCell>
            <TableCell>{formatLogTime(delivery.created_at)}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(delivery.id, {
                    onSuccess: () => toast.success('Delivery queued again'),
                    onError: (error) => toast.error(`Failed to resend: ${getErrorMessage(error)}`),
                  })
                }
              >
                Resend
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
