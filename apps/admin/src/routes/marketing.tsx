import { formatMoney } from '@cartwheel/shared/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Pager } from '../components/pager.tsx';
import {
  ABANDONED_PAGE_SIZE,
  useAbandonedCheckouts,
  useMarketingSettings,
  useRecoverySummary,
} from '../features/marketing/api/marketing.ts';
import { AbandonedCheckoutsTable } from '../features/marketing/components/abandoned-checkouts-table.tsx';
import { RecoverySettingsForm } from '../features/marketing/components/recovery-settings-form.tsx';
import { useBaseCurrency } from '../lib/base-currency.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** /admin/marketing (managers): abandoned-checkout recovery, its figures over a range and its settings. */
export function MarketingRoute() {
  const currency = useBaseCurrency();
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * DAY_MS)));
  const [page, setPage] = useState(1);
  const summary = useRecoverySummary(from, to);
  const checkouts = useAbandonedCheckouts(page);
  const settings = useMarketingSettings();

  const figures = summary.data
    ? [
        ['Abandoned checkouts', String(summary.data.abandoned)],
        ['Recovery emails sent', String(summary.data.emails_sent)],
        ['Orders recovered', String(summary.data.recovered)],
        ['Recovered revenue', formatMoney(summary.data.recovered_amount, currency)],
      ]
    : [];

  return (
    <>
      <PageHeader title="Marketing" />
      <section aria-label="Recovery" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="range-from">From</Label>
            <Input
              id="range-from"
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="range-to">To</Label>
            <Input id="range-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
        {summary.isError ? (
          <LoadError title="Error loading the recovery figures" error={summary.error} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {figures.map(([label, value]) => (
              <Card key={label}>
                <CardHeader>
                  <CardDescription>{label}</CardDescription>
                  <CardTitle className="text-2xl" data-testid={`figure-${label}`}>
                    {value}
                  </CardTitle>
                </CardHeader>
              </Card>
            ))}
          </div>
        )}
      </section>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Abandoned-checkout recovery</h2>
          </CardTitle>
          <CardDescription>
            One email per checkout, only to shoppers who agreed to marketing email.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <LoadingBlocks />
          ) : settings.isError ? (
            <LoadError title="Error loading the recovery settings" error={settings.error} />
          ) : (
            <RecoverySettingsForm settings={settings.data} />
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="abandoned-heading" className="flex flex-col gap-3">
        <h2 id="abandoned-heading" className="font-semibold text-lg">
          Abandoned checkouts
        </h2>
        {checkouts.isPending ? (
          <LoadingBlocks />
        ) : checkouts.isError ? (
          <LoadError title="Error loading abandoned checkouts" error={checkouts.error} />
        ) : checkouts.data.items.length === 0 ? (
          <EmptyState icon={ShoppingCart} title="No abandoned checkouts">
            Checkouts started with an email and not paid will show up here.
          </EmptyState>
        ) : (
          <>
            <div className="rounded-xl border">
              <AbandonedCheckoutsTable checkouts={checkouts.data.items} />
            </div>
            <Pager
              page={page}
              pageSize={ABANDONED_PAGE_SIZE}
              total={checkouts.data.total}
              noun="checkout"
              onPage={setPage}
            />
          </>
        )}
      </section>
    </>
  );
}
