import { TestPaymentsBanner } from '@cartwheel/ui/test-payments-banner';
import { useT } from '../../i18n/i18n.tsx';
import { useSite } from '../../lib/site.ts';

/** "Test mode" above the header while the shop's payments are simulated (site data's test_payments). */
export function TestModeBanner() {
  const t = useT();
  return useSite().data?.test_payments ? (
    <TestPaymentsBanner>{t('testMode.notice')}</TestPaymentsBanner>
  ) : null;
}
