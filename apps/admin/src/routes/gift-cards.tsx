import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Gift, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useGiftCards } from '../features/gift-cards/api/gift-cards.ts';
import { GiftCardTable } from '../features/gift-cards/components/gift-card-table.tsx';
import { IssueGiftCardDialog } from '../features/gift-cards/components/issue-gift-card-dialog.tsx';
import { useBaseCurrency } from '../lib/base-currency.ts';
import { useCan } from '../lib/use-can.ts';

/** /admin/gift-cards (managers read, admins issue): the cards, searched by their last characters. */
export function GiftCardsRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cards = useGiftCards(q);
  const currency = useBaseCurrency();
  const can = useCan();
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);
  const canIssue = can('gift_cards.issue');

  return (
    <>
      <PageHeader title="Gift cards">
        {canIssue ? (
          <Button onClick={() => setIssuing(true)}>
            <Plus aria-hidden="true" />
            Issue gift card
          </Button>
        ) : null}
      </PageHeader>
      {issued ? (
        <div
          className="rounded-md border border-green-600/40 bg-green-50 p-4 dark:bg-green-950/30"
          role="status"
        >
          <p className="font-medium">Gift card issued. Copy its code now: it is not shown again.</p>
          <p className="mt-1 font-mono text-lg" data-testid="issued-code">
            {issued}
          </p>
        </div>
      ) : null}
      <Input
        type="search"
        aria-label="Search gift cards"
        placeholder="Last 4 characters of the code"
        value={q}
        onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        className="sm:max-w-xs"
      />
      {cards.isPending ? (
        <LoadingBlocks blockClassName="h-12 w-full" />
      ) : cards.isError ? (
        <LoadError title="Error loading the gift cards" error={cards.error} />
      ) : cards.data.items.length === 0 ? (
        <EmptyState icon={Gift} title={q ? 'No gift cards found' : 'No gift cards yet'}>
          {q
            ? 'No gift card code ends with these characters.'
            : 'Issue a gift card to give a customer a balance to spend.'}
        </EmptyState>
      ) : (
        <GiftCardTable cards={cards.data.items} />
      )}
      <IssueGiftCardDialog
        open={issuing}
        onOpenChange={setIssuing}
        currency={currency}
        onIssued={setIssued}
      />
    </>
  );
}
