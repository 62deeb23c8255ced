import { WEBHOOK_EVENT_TYPES, webhookEndpointBody } from '@cartwheel/shared/contracts/apps';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form, FormField } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { Label } from '@cartwheel/ui/label';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { formErrorBanner } from '../../../lib/form-input.ts';
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
  const form = useForm({
    resolver: zodResolver(webhookEndpointBody),
    defaultValues: { url: '', description: '', events: ['order.paid'] },
  });
  const [url, events] = useWatch({ control: form.control, name: ['url', 'events'] });
  const create = useCreateWebhookEndpoint();
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        form.reset({ url: '', description: '', events: body.events });
        onOpenChange(false);
        onCreated(created.secret);
      },
      onError: (error) => {
        const banner = formErrorBanner(form.setError, error, (field) =>
          field.replace(/^events\..*/, 'events'),
        );
        toast.error(`Failed to add the endpoint: ${banner}`);
      },
    }),
  );
  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title="Add webhook endpoint"
      description="Events are POSTed to this URL as signed JSON (https, or http on localhost)."
      className="sm:max-w-lg"
    >
      <Form {...form}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <InputField
            control={form.control}
            name="url"
            id="webhook-url"
            label="Endpoint URL"
            type="url"
            placeholder="https://example.com/webhooks"
          />
          <InputField
            control={form.control}
            name="description"
            id="webhook-description"
            label="Description"
            maxLength={200}
          />
          <FormField
            control={form.control}
            name="events"
            render={({ field, fieldState }) => (
              <fieldset className="grid gap-2">
                <legend className="mb-2 font-medium text-sm">Events</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {WEBHOOK_EVENT_TYPES.map((event) => (
                    <Label key={event} className="flex items-center gap-2 font-mono font-normal text-xs">
                      <Checkbox
                        checked={field.value.includes(event)}
                        onCheckedChange={(on) =>
                          field.onChange(
                            on === true ? [...field.value, event] : field.value.filter((e) => e !== event),
                          )
                        }
                      />
                      {event}
                    </Label>
                  ))}
                </div>
                {fieldState.error ? (
                  <p className="text-destructive text-sm">{fieldState.error.message}</p>
                ) : null}
              </fieldset>
            )}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
              {create.isPending ? 'Adding...' : 'Add endpoint'}
            </Button>
          </div>
        </form>
      </Form>
    </DialogLayout>
  );
}
