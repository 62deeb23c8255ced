import type { WebhookEndpoint } from '@cartwheel/shared/contracts/apps';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadError, LoadingBlocks } from '../../../components/load-state.tsx';
import {
  useDeleteWebhookEndpoint,
  useResumeWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointDialog } from './endpoint-dialog.tsx';
import { SecretReveal } from './secret-reveal.tsx';

function EndpointItem({
  endpoint,
  onSecret,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const resume = useResumeWebhookEndpoint();
  const fail = (what: string) => (error: unknown) =>
    toast.error(`Failed to ${what}: ${getErrorMessage(error)}`);
  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="break-all font-medium font-mono text-sm">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="text-muted-foreground text-sm">{endpoint.description}</p>
          ) : null}
          <p className="text-muted-foreground text-xs">{endpoint.events.join(', ')}</p>
          {endpoint.paused_until ? (
            <p className="text-destructive text-sm" role="status">
              Paused after {endpoint.consecutive_failures} failed deliveries in a row; resumes at{' '}
              {new Date(endpoint.paused_until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
              . Events wait and are sent once it answers again.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {endpoint.enabled ? null : <Badge variant="secondary">Disabled</Badge>}
          {endpoint.paused_until ? <Badge variant="destructive">Paused</Badge> : null}
          {endpoint.failing > 0 ? <Badge variant="destructive">{endpoint.failing} failing</Badge> : null}
          {endpoint.paused_until ? (
            <Button
              variant="outline"
              size="sm"
              disabled={resume.isPending}
              onClick={() => resume.mutate(endpoint.id, { onError: fail('resume') })}
            >
              Resume now
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: endpoint.id, patch: { enabled: !endpoint.enabled } },
                { onError: fail('save') },
              )
            }
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(endpoint.id, {
                onSuccess: (r) => onSecret(r.secret),
                onError: fail('rotate the secret'),
              })
            }
          >
            Rotate secret
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete(endpoint)}>
            Delete
          </Button>
        </div>
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
    </li>
  );
}

/** Webhook endpoints: add (the signing secret is shown once), the delivery log, on/off, rotate, delete. */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>Webhooks</h2>
          </CardTitle>
          <CardDescription>
            Other systems hear about orders, products and stock as they happen, signed with each endpoint's
            secret.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </CardHeader>
      <CardContent>
        {endpoints.isPending ? (
          <LoadingBlocks />
        ) : endpoints.isError ? (
          <LoadError title="Error loading webhooks" error={endpoints.error} />
        ) : endpoints.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No webhook endpoints yet.</p>
        ) : (
          <ul className="grid gap-3">
            {endpoints.data.items.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onSecret={setSecret}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <EndpointDialog open={adding} onOpenChange={setAdding} onCreated={setSecret} />
      <SecretReveal
        title="Signing secret"
        label="Signing secret"
        secret={secret}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete webhook endpoint?"
        description="It stops receiving events, and its delivery log is deleted with it."
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Webhook endpoint deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(`Failed to delete the endpoint: ${getErrorMessage(error)}`),
          })
        }
      />
    </Card>
  );
}
