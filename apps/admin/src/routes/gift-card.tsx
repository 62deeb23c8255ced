import { formatDate } from '@cartwheel/shared/dates';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useGiftCard, useSetGiftCardDisabled } from '../features/gift-cards/api/gift-cards.ts';
import { giftCardStatus } from '../features/gift-cards/components/gift-card-table.tsx';
import { LedgerTable } from '../features/gift-cards/components/ledger-table.tsx';
import { useCan } from '../lib/use-can.ts';

const back = <BackLink to="/gift-cards">Back to Gift cards</BackLink>;

/** /admin/gift-cards/:giftCardId: a card's balance, recipient and ledger; admins disable or enable it. */
export function GiftCardRoute() {
  const { giftCardId = '' } = useParams();
  const card = useGiftCard(giftCardId);
  const disable = useSetGiftCardDisabled(giftCardId);
  const can = useCan();
  if (card.isPending) return <RecordLoading back={back} bodyClassName="h-40 w-full" />;
  if (card.isError) return <RecordError back={back} noun="gift card" error={card.error} />;
  const data = card.data;
  const disabled = data.disabled_at !== null;
  const toggle = () =>
    disable.mutate(!disabled, {
      onSuccess: () => toast.success(disabled ? 'Gift card enabled' : 'Gift card disabled'),
      onError: (error) => toast.error(`Failed to change the gift card: ${getErrorMessage(error)}`),
    });
  return (
    <>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={`Gift card ····${data.last_characters}`}>
          {can('gift_cards.issue') ? (
            <Button
              variant={disabled ? 'outline' : 'destructive'}
              onClick={toggle}
              disabled={disable.isPending}
            >
              {disabled ? 'Enable' : 'Disable'}
            </Button>
          ) : null}
        </PageHeader>
      </div>
      <Card>
        <CardContent className="grid gap-2 pt-6 sm:grid-cols-2">
          <p>
            <span className="text-muted-foreground">Status: </span>
            {giftCardStatus(data)}
          </p>
          <p data-testid="gift-card-balance">
            <span className="text-muted-foreground">Balance: </span>
            {formatMoney(data.balance, data.currency)} of {formatMoney(data.initial_amount, data.currency)}
          </p>
          <p>
            <span className="text-muted-foreground">Expires: </span>
            {data.expires_at ? formatDate(data.expires_at) : 'Never'}
          </p>
          {/* An email address is one long word: it breaks anywhere rather than widen the page. */}
          <p className="wrap-anywhere">
            <span className="text-muted-foreground">Recipient: </span>
            {[data.recipient_name, data.recipient_email].filter(Boolean).join(', ') || '—'}
          </p>
          {data.message ? <p className="wrap-anywhere sm:col-span-2">“{data.message}”</p> : null}
          {data.note ? <p className="text-muted-foreground text-sm sm:col-span-2">{data.note}</p> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Ledger</CardTitle>
        </CardHeader>
        <CardContent>
          <LedgerTable transactions={data.transactions} currency={data.currency} />
        </CardContent>
      </Card>
    </>
  );
}
