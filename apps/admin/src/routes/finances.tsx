import type { Finances, LedgerEntry } from '@cartwheel/shared/contracts/finances';
import { formatDateTime } from '@cartwheel/shared/dates';
import { formatMoney, toMajorString } from '@cartwheel/shared/money';
import { paymentMethodLabel } from '@cartwheel/shared/payment-methods';
import { Button } from '@cartwheel/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Download } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Pager } from '../components/pager.tsx';
import { type FigureColumn, FigureTable } from '../features/analytics/components/figure-table.tsx';
import { IntervalSelect, useIntervalParam } from '../features/analytics/components/interval-select.tsx';
import { AddressBarRangePicker } from '../features/dashboard/components/date-range-picker.tsx';
import { MetricCard } from '../features/dashboard/components/metric-cards.tsx';
import { useDateRange } from '../features/dashboard/use-date-range.ts';
import { ledgerExportUrl, useFinances, useLedger } from '../features/finances/api/get-finances.ts';
import { currencyColumns } from '../features/finances/currency-columns.ts';
import { useBaseCurrency } from '../lib/base-currency.ts';

const PAGE_SIZE = 20;
// The reports are in the base currency (decision 0066).
const money = <T,>(title: string, value: (r: T) => number, currency: string): FigureColumn<T> => ({
  title,
  cell: (r) => formatMoney(value(r), currency),
  csv: (r) => toMajorString(value(r), currency),
  numeric: true,
});
const count = <T,>(title: string, value: (r: T) => number): FigureColumn<T> => ({
  title,
  cell: value,
  csv: value,
  numeric: true,
});

type Payout = Finances['payouts'][number];
const payoutColumns = (currency: string): FigureColumn<Payout>[] => [
  { title: 'Period starting', cell: (r) => r.period, csv: (r) => r.period },
  count('Payments', (r) => r.payments),
  money('Gross', (r) => r.gross, currency),
  money('Refunds', (r) => r.refunds, currency),
  money('Net', (r) => r.net, currency),
];
type ByMethod = Finances['by_method'][number];
const methodColumns = (currency: string): FigureColumn<ByMethod>[] => [
  { title: 'Method', cell: (r) => paymentMethodLabel(r.method), csv: (r) => paymentMethodLabel(r.method) },
  count('Payments', (r) => r.payments),
  money('Gross', (r) => r.gross, currency),
  money('Refunds', (r) => r.refunds, currency),
  money('Net', (r) => r.net, currency),
];
type Tax = Finances['tax'][number];
const taxColumns = (currency: string): FigureColumn<Tax>[] => [
  { title: 'Period starting', cell: (r) => r.period, csv: (r) => r.period },
  {
    title: 'Region',
    cell: (r) => [r.country, r.state].filter(Boolean).join(' / '),
    csv: (r) => [r.country, r.state].filter(Boolean).join(' / '),
  },
  money('Collected', (r) => r.collected, currency),
  money('Refunded', (r) => r.refunded, currency),
  money('Net tax', (r) => r.net, currency),
];
type Discount = Finances['discounts'][number];
const discountColumns = (currency: string): FigureColumn<Discount>[] => [
  { title: 'Discount', cell: (r) => r.code ?? r.title, csv: (r) => r.code ?? r.title },
  count('Orders', (r) => r.orders),
  money('Given', (r) => r.amount, currency),
];

/** /admin/finances (managers and admins): money in and out for the dashboard's date range. */
export function FinancesRoute() {
  const currency = useBaseCurrency();
  const { range } = useDateRange();
  const [params, setParams] = useSearchParams();
  const interval = useIntervalParam();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const finances = useFinances(range, interval);
  const ledger = useLedger(range, page, PAGE_SIZE);
  const data = finances.data;
  const file = (name: string) => `${name}-${range.from.toISOString().slice(0, 10)}`;
  const setParam = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    });

  return (
    <>
      <PageHeader title="Finances" />
      <div className="flex flex-wrap items-center gap-3">
        <AddressBarRangePicker compare={undefined} />
        <IntervalSelect label="Summary period" value={data?.interval ?? interval ?? 'day'} />
      </div>
      {finances.isError && !data ? (
        <LoadError title="Error loading finances" error={finances.error} />
      ) : !data ? (
        <LoadingBlocks className="grid gap-4 md:grid-cols-4" blockClassName="h-32" />
      ) : (
        <>
          <section aria-label="Finance totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <MetricCard
              testId="finances-gross"
              title="Payments"
              value={formatMoney(data.totals.gross, currency)}
            />
            <MetricCard
              testId="finances-refunds"
              title="Refunds"
              value={formatMoney(data.totals.refunds, currency)}
            />
            <MetricCard testId="finances-net" title="Net" value={formatMoney(data.totals.net, currency)} />
            <MetricCard
              testId="finances-tax"
              title="Tax collected"
              value={formatMoney(data.totals.tax, currency)}
            />
          </section>
          {/* Side by side only where five money columns fit beside the sidebar. */}
          <div className="grid gap-4 2xl:grid-cols-2">
            <FigureTable
              title="Payouts"
              description="Payments received less refunds given, per period."
              file={file('payouts')}
              columns={payoutColumns(currency)}
              rows={data.payouts}
              rowKey={(r) => r.period}
              empty="No payments in this range."
            />
            <FigureTable
              title="By payment method"
              description="The range's payments and refunds per method."
              file={file('payment-methods')}
              columns={methodColumns(currency)}
              rows={data.by_method}
              rowKey={(r) => r.method}
              empty="No payments in this range."
            />
            <FigureTable
              title="By currency"
              description={`The range's payments and refunds per currency sold in, and in ${currency}.`}
              file={file('currencies')}
              columns={currencyColumns(currency)}
              rows={data.by_currency}
              rowKey={(r) => r.currency}
              empty="No payments in this range."
            />
            <FigureTable
              title="Tax by region"
              description="Tax on payments received, less tax refunded, by shipping region and period."
              file={file('tax')}
              columns={taxColumns(currency)}
              rows={data.tax}
              rowKey={(r) => `${r.period}:${r.country}:${r.state ?? ''}`}
              empty="No tax collected in this range."
            />
            <FigureTable
              title="Discounts given"
              description="Discounts on the orders paid in the range."
              file={file('discounts')}
              columns={discountColumns(currency)}
              rows={data.discounts}
              rowKey={(r) => `${r.code ?? ''}:${r.title}:${r.kind}`}
              empty="No discounts given in this range."
            />
          </div>
        </>
      )}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>Payments and refunds</h2>
          </CardTitle>
          <CardDescription>
            Every payment received and refund given in the range, newest first.
          </CardDescription>
          <CardAction>
            <Button variant="outline" size="sm" asChild>
              <a href={ledgerExportUrl(range)} download aria-label="Export Payments and refunds as CSV">
                <Download aria-hidden="true" />
                CSV
              </a>
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {ledger.isError && !ledger.data ? (
            <LoadError title="Error loading the ledger" error={ledger.error} />
          ) : !ledger.data ? (
            <LoadingBlocks blockClassName="h-10 w-full" />
          ) : ledger.data.items.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground text-sm">
              No payments or refunds in this range.
            </p>
          ) : (
            <>
              <LedgerTable items={ledger.data.items} />
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={ledger.data.total}
                noun="entry"
                onPage={(p) => setParam('page', String(p))}
              />
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function LedgerTable({ items }: { items: LedgerEntry[] }) {
  const currency = useBaseCurrency();
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Payments and refunds">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Order</TableHead>
            <TableHead className="hidden md:table-cell">Method</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="hidden lg:table-cell">Reference</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((e) => (
            <TableRow key={`${e.kind}:${e.id}`} data-testid="ledger-row">
              <TableCell className="whitespace-nowrap">{formatDateTime(e.date)}</TableCell>
              <TableCell>{e.kind === 'payment' ? 'Payment' : 'Refund'}</TableCell>
              <TableCell>
                {e.order_number ? (
                  <Link className="hover:underline" to={`/orders/${e.order_id}`}>
                    #{e.order_number}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell className="hidden md:table-cell">{paymentMethodLabel(e.method)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(e.kind === 'refund' ? -e.amount : e.amount, currency)}
                {e.currency !== currency && (
                  <span className="block text-muted-foreground text-xs">
                    {formatMoney(
                      e.kind === 'refund' ? -e.amount_in_currency : e.amount_in_currency,
                      e.currency,
                    )}
                  </span>
                )}
              </TableCell>
              <TableCell className="hidden max-w-[12rem] truncate font-mono text-xs lg:table-cell">
                {e.reference ?? '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
