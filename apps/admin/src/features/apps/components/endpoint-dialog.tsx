import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cartwheel/shared/contracts/apps';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCreateWebhookEndpoint } from '../api/webhooks.ts';

/** Adds an endpoint: its URL, a note, and the events it wants; the new secret goes to `onCreated`. */
export function EndpointDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.paid']);
  const create = useCreateWebhookEndpoint();
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url, description, events },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          onOpenChange(false);
          onCreated(created.secret);
        },
        onError: (error) => toast.error(`Failed to add the endpoint: ${getErrorMessage(error)}`),
      },
    );
  };
  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title="Add webhook endpoint"
      description="Events are POSTed to this URL as signed JSON (https, or http on localhost)."
      className="sm:max-w-lg"
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor="webhook-url">Endpoint URL</Label>
          <Input
            id="webhook-url"
            type="url"
            placeholder="https://example.com/webhooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="webhook-description">Description</Label>
          <Input
            id="webhook-description"
            value={description}
            maxLength={200}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Events</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <Label key={event} className="flex items-center gap-2 font-mono font-normal text-xs">
                <Checkbox
                  checked={events.includes(event)}
                  onCheckedChange={(on) => toggle(event, on === true)}
                />
                {event}
              </Label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
            {create.isPending ? 'Adding...' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </DialogLayout>
  );
}
