import { TestPaymentsBanner } from '@cartwheel/ui/test-payments-banner';
import { useSite } from '../../lib/site.ts';

/** "Test mode" above the header while the shop's payments are simulated (site data's test_payments). */
export function TestModeBanner() {
  return useSite().data?.test_payments ? <TestPaymentsBanner /> : null;
}
