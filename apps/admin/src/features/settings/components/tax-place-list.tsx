import type { TaxPlace } from '@cartwheel/shared/contracts/shipping';
import { formatPercent } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';

/** "GST 5% + PST 7%", or "No tax" for a place at 0. */
function taxesText(place: TaxPlace): string {
  const charged = place.rates.filter((r) => r.rate_bps > 0);
  if (charged.length === 0) return 'No tax';
  return charged.map((r) => `${r.name} ${formatPercent(r.rate_bps)}`).join(' + ');
}

/** The places with taxes of their own, by name: what each charges and whether on shipping. */
export function TaxPlaceList({ places }: { places: TaxPlace[] }) {
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Taxes by place">
      {places.map((place) => (
        <li key={place.place} className="flex items-center justify-between gap-3 px-4 py-2">
          <div className="flex min-w-0 flex-col">
            <span className="font-medium">{place.name}</span>
            <span className="text-sm">
              {taxesText(place)}
              {place.rates.some((r) => r.rate_bps > 0 && r.taxes_shipping) ? (
                <span className="text-muted-foreground"> · shipping taxed</span>
              ) : null}
            </span>
          </div>
          <Button variant="outline" size="sm" asChild>
            <Link to={`/settings/shipping/taxes/${place.place}`} aria-label={`Edit taxes of ${place.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
