import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useMarkets } from '../features/markets/api/markets.ts';
import { ExchangeRates } from '../features/markets/components/exchange-rates.tsx';

/** /admin/settings/markets (admins): the markets and the exchange rates. */
export function SettingsMarketsRoute() {
  const markets = useMarkets();
  const addButton = (
    <Button asChild>
      <Link to="/settings/markets/new">
        <Plus aria-hidden="true" />
        Add market
      </Link>
    </Button>
  );
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Markets">{addButton}</PageHeader>
      {markets.isPending ? (
        <LoadingBlocks blockClassName="h-24 w-full" />
      ) : markets.isError ? (
        <LoadError title="Error loading the markets" error={markets.error} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Markets</h2>
              </CardTitle>
              <CardDescription>
                Each market sells to its countries in its currency and languages. Prices convert from{' '}
                {markets.data.base_currency} at the exchange rate, rounded by the market's rule.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Market</TableHead>
                    <TableHead>Countries</TableHead>
                    <TableHead>Currency</TableHead>
                    <TableHead>Languages</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {markets.data.items.map((m) => (
                    <TableRow key={m.id}>
                      <TableCell>
                        <Link
                          className="font-medium underline-offset-4 hover:underline"
                          to={`/settings/markets/${m.id}`}
                        >
                          {m.name}
                        </Link>
                        {m.is_base ? (
                          <Badge variant="secondary" className="ml-2">
                            Base
                          </Badge>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        {m.countries.length > 5 ? `${m.countries.length} countries` : m.countries.join(', ')}
                      </TableCell>
                      <TableCell>{m.currency}</TableCell>
                      <TableCell>{m.languages.join(', ')}</TableCell>
                      <TableCell>{m.is_active ? 'Active' : 'Inactive'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Exchange rates</h2>
              </CardTitle>
              <CardDescription>
                {markets.data.rates_feed
                  ? 'A daily feed updates the rates; a rate you set by hand stays as you set it.'
                  : 'Set each rate by hand, or configure EXCHANGE_RATES_URL for a daily feed.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ExchangeRates list={markets.data} />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
