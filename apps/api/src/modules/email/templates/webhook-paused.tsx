import { Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

/** To the shop's admins when the circuit breaker pauses a webhook endpoint (apps/webhook-delivery.ts). */
export const webhookPaused = defineTemplate<{
  url: string;
  failures: number;
  resumes_at: string;
  link: string;
}>({
  kind: 'webhook_paused',
  name: 'Webhook endpoint paused',
  description:
    'Tells the admins that deliveries to a webhook endpoint are paused after failing several times in a row.',
  marketing: false,
  subject: 'Webhooks to {endpoint} are paused',
  intro:
    'Deliveries to {endpoint} failed {failures} times in a row, so {shop_name} has paused them until {resumes_at}. Nothing is lost: the events wait and are sent once the endpoint answers again.',
  variables: (data) => ({
    endpoint: data.url,
    failures: String(data.failures),
    resumes_at: data.resumes_at,
  }),
  sample: (shop) => ({
    url: 'https://hooks.example.com/cartwheel',
    failures: 5,
    resumes_at: '14:30 UTC',
    link: `${shop.publicUrl}/admin/settings/webhooks`,
  }),
  Body: ({ data }) => (
    <>
      <Text style={textStyle}>
        Check that the endpoint is up and answers within the timeout, then resume it in the back office to
        send the waiting events now:
      </Text>
      <ActionButton href={data.link}>Open webhooks</ActionButton>
    </>
  ),
});
