import type { CampaignReport } from '@cartwheel/shared/contracts/campaigns';
import { formatMoney } from '@cartwheel/shared/money';

/** A campaign's figures: sent, opened, clicked, and orders within 7 days of a click or the send. */
export function CampaignReportFigures({ report, currency }: { report: CampaignReport; currency: string }) {
  const figures: Array<[string, string]> = [
    ['Recipients', String(report.recipients)],
    ['Sent', String(report.sent)],
    ['Opened', String(report.opened)],
    ['Clicked', String(report.clicked)],
    ['Orders', String(report.orders)],
    ['Revenue', formatMoney(report.revenue, currency)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" aria-label="Report">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md border p-3">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-semibold text-lg" data-testid={`report-${label.toLowerCase()}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
