import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useMarkets } from '../features/markets/api/markets.ts';
import { DeleteMarket } from '../features/markets/components/delete-market.tsx';
import { MarketForm } from '../features/markets/components/market-form.tsx';

/** /admin/settings/markets/new and /:marketId (admins): the market editor. */
export function SettingsMarketRoute() {
  const { marketId } = useParams();
  const markets = useMarkets();
  const back = <BackLink to="/settings/markets">Back to Markets</BackLink>;
  if (!marketId) {
    return (
      <>
        {back}
        <PageHeader title="Add market" />
        <MarketForm />
      </>
    );
  }
  if (markets.isPending) return <RecordLoading back={back} bodyClassName="h-96 w-full" />;
  const market = markets.data?.items.find((m) => m.id === marketId);
  if (markets.isError || !market) {
    return <RecordError back={back} noun="market" error={markets.error ?? new Error('Market not found')} />;
  }
  return (
    <>
      {back}
      <PageHeader title={market.name}>
        <DeleteMarket market={market} />
      </PageHeader>
      <MarketForm key={market.id} market={market} />
    </>
  );
}
