import { campaignSettings } from '@cartwheel/shared/contracts/campaigns';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import {
  useCampaignSettings,
  useCampaigns,
  useUpdateCampaignSettings,
} from '../features/campaigns/api/campaigns.ts';
import { formErrorBanner, typedNumber } from '../lib/form-input.ts';
import { useCan } from '../lib/use-can.ts';

const STATUS_TEXT = { draft: 'Draft', sending: 'Sending', sent: 'Sent' } as const;

const rateForm = z
  .object({ send_rate_per_minute: z.string() })
  .transform((v) => ({ send_rate_per_minute: typedNumber(v.send_rate_per_minute) ?? Number.NaN }))
  .pipe(campaignSettings);

/** How many campaign emails go out per minute (those who may send campaigns). */
function SendRateForm({ rate }: { rate: number }) {
  const update = useUpdateCampaignSettings();
  const form = useForm<z.input<typeof rateForm>, unknown, z.output<typeof rateForm>>({
    resolver: zodResolver(rateForm),
    defaultValues: { send_rate_per_minute: String(rate) },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success('Sending rate saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error, (f) => f.replace(/^body\./, '')));
    }
  });
  return (
    <Form {...form}>
      <form className="flex items-end gap-3" onSubmit={onSubmit} noValidate aria-label="Sending rate">
        <InputField
          control={form.control}
          name="send_rate_per_minute"
          id="campaign-rate"
          label="Emails per minute"
          inputMode="numeric"
          className="w-32"
        />
        <Button type="submit" variant="outline" disabled={update.isPending}>
          Save
        </Button>
      </form>
    </Form>
  );
}

/** /admin/campaigns (campaigns.manage): every campaign with its figures, and the sending rate. */
export function CampaignsRoute() {
  const campaigns = useCampaigns();
  const settings = useCampaignSettings();
  const can = useCan();

  return (
    <>
      <PageHeader title="Campaigns">
        <Button asChild>
          <Link to="/campaigns/new">
            <Plus aria-hidden="true" />
            New campaign
          </Link>
        </Button>
      </PageHeader>
      {campaigns.isPending ? (
        <LoadingBlocks blockClassName="h-12 w-full" />
      ) : campaigns.isError ? (
        <LoadError title="Error loading the campaigns" error={campaigns.error} />
      ) : campaigns.data.items.length === 0 ? (
        <EmptyState icon={Mail} title="No campaigns yet">
          Write an email in blocks and send it to a segment of customers who agreed to marketing email.
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Campaigns">
          {campaigns.data.items.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-4 p-3">
              <div className="min-w-0">
                <Link
                  to={`/campaigns/${c.id}`}
                  className="inline-block max-w-full font-medium underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                >
                  {c.name}
                </Link>
                <p className="text-muted-foreground text-sm">
                  {STATUS_TEXT[c.status]} · {c.segment_name ?? 'No segment'} · {c.report.sent} sent ·{' '}
                  {c.report.opened} opened · {c.report.clicked} clicked
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {can('campaigns.send') && settings.data ? (
        <SendRateForm rate={settings.data.send_rate_per_minute} />
      ) : null}
    </>
  );
}
