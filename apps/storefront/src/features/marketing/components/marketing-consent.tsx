import { getErrorMessage } from '@cartwheel/shared/errors';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { Label } from '@cartwheel/ui/label';
import { toast } from 'sonner';
import {
  useMarketingConsent,
  useSetMarketingConsent,
} from '../../../components/marketing/marketing-consent.ts';
import { useT } from '../../../i18n/i18n.tsx';

/** The account's consent to marketing email ("Email me news and offers", as at checkout). */
export function MarketingConsent({ userId }: { userId: string }) {
  const consent = useMarketingConsent(userId);
  const save = useSetMarketingConsent(userId);
  const t = useT();
  const checked = save.isPending ? Boolean(save.variables) : Boolean(consent.data?.marketing_opt_in);
  const onChange = (value: boolean) =>
    save.mutate(value, {
      onSuccess: (saved) => toast.success(saved.marketing_opt_in ? t('marketing.on') : t('marketing.off')),
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  return (
    <Card>
      <CardContent className="flex items-center gap-2">
        <Checkbox
          id="account-marketing-opt-in"
          checked={checked}
          disabled={consent.isPending || save.isPending}
          onCheckedChange={(value) => onChange(value === true)}
        />
        <Label htmlFor="account-marketing-opt-in">{t('checkout.optIn')}</Label>
      </CardContent>
    </Card>
  );
}
