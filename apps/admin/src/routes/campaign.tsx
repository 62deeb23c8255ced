import { getErrorMessage } from '@cartwheel/shared/errors';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useCampaign, useSendCampaign, useSendTestCampaign } from '../features/campaigns/api/campaigns.ts';
import { useSegments } from '../features/campaigns/api/segments.ts';
import { CampaignForm } from '../features/campaigns/components/campaign-form.tsx';
import { CampaignReportFigures } from '../features/campaigns/components/campaign-report.tsx';
import { useBaseCurrency } from '../lib/base-currency.ts';
import { useCan } from '../lib/use-can.ts';

const back = <BackLink to="/campaigns">Back to Campaigns</BackLink>;

/**
 * /admin/campaigns/new and /admin/campaigns/:campaignId: the block editor with a preview, a test send
 * to oneself, sending (campaigns.send) and, once sent, the report.
 */
export function CampaignRoute() {
  const { campaignId = 'new' } = useParams();
  const id = campaignId === 'new' ? null : campaignId;
  const campaign = useCampaign(id);
  const segments = useSegments();
  const currency = useBaseCurrency();
  const navigate = useNavigate();
  const can = useCan();
  const test = useSendTestCampaign();
  const send = useSendCampaign();
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  if ((id && campaign.isPending) || segments.isPending)
    return <RecordLoading back={back} bodyClassName="h-40 w-full" />;
  if (id && campaign.isError) return <RecordError back={back} noun="campaign" error={campaign.error} />;
  if (segments.isError) return <RecordError back={back} noun="campaign" error={segments.error} />;
  const data = id ? (campaign.data ?? null) : null;
  const segment = segments.data.items.find((s) => s.id === data?.segment_id);

  const sendTest = () =>
    data &&
    test.mutate(data.id, {
      onSuccess: (result) => toast.success(`Test email sent to ${result.sent_to}`),
      onError: (error) => toast.error(`Failed to send the test: ${getErrorMessage(error)}`),
    });
  const sendNow = () =>
    data &&
    send.mutate(data.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Campaign is being sent');
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(`Failed to send the campaign: ${getErrorMessage(error)}`);
      },
    });

  return (
    <>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={data ? data.name : 'New campaign'}>
          {data?.status === 'draft' ? (
            <>
              <Button variant="outline" onClick={sendTest} disabled={test.isPending}>
                Send test to me
              </Button>
              {can('campaigns.send') ? (
                <Button onClick={() => setConfirming(true)} disabled={!data.segment_id}>
                  Send campaign
                </Button>
              ) : null}
            </>
          ) : null}
        </PageHeader>
      </div>
      {data && data.status !== 'draft' ? (
        <Card>
          <CardHeader>
            <CardTitle>{data.status === 'sending' ? 'Sending…' : 'Sent'}</CardTitle>
          </CardHeader>
          <CardContent>
            <CampaignReportFigures report={data.report} currency={currency} />
          </CardContent>
        </Card>
      ) : null}
      <CampaignForm
        key={data?.id ?? 'new'}
        campaign={data}
        segments={segments.data.items}
        onSaved={(saved) => {
          if (!id) navigate(`/campaigns/${saved.id}`, { replace: true });
        }}
        onPreview={setPreview}
      />
      {preview ? (
        <Card>
          <CardHeader>
            <CardTitle>Preview: {preview.subject}</CardTitle>
          </CardHeader>
          <CardContent>
            {/* The email's own HTML, in a sandbox: no scripts, no access to the back office. */}
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={preview.html}
              className="h-[600px] w-full rounded-md border"
            />
          </CardContent>
        </Card>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this campaign?"
        description={`It goes to the ${plural(segment?.consented_count ?? 0, 'customer')} of ${segment?.name ?? 'the segment'} who agreed to marketing email. This cannot be undone.`}
        confirmLabel="Send"
        pendingLabel="Sending…"
        variant="default"
        pending={send.isPending}
        onConfirm={sendNow}
      />
    </>
  );
}
