import type { ShippingMethod, ShippingZone } from '@cartwheel/shared/contracts/shipping';
import { countryName, subdivisionName } from '@cartwheel/shared/countries';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useDeleteZone } from '../api/shipping-zones.ts';

const MAX_PLACES_SHOWN = 6;

/** "United States, Canada and 3 more"; a country limited to some states shows them. */
function placesText(zone: ShippingZone): string {
  const names = zone.countries.map((code) => {
    const own = zone.states.filter((s) => s.startsWith(`${code}-`));
    if (own.length === 0) return countryName(code);
    const states = own.map((s) => subdivisionName(code, s.slice(code.length + 1)) ?? s);
    return `${countryName(code)} (${states.join(', ')})`;
  });
  if (names.length <= MAX_PLACES_SHOWN) return names.join(', ');
  return `${names.slice(0, MAX_PLACES_SHOWN).join(', ')} and ${names.length - MAX_PLACES_SHOWN} more`;
}

function methodText(method: ShippingMethod): string {
  if (method.kind === 'weight') return `${method.name}: by weight`;
  const price = method.amount_cents === 0 ? 'Free' : formatMoney(method.amount_cents, method.currency);
  if (method.kind === 'free_over' && method.free_over_cents !== null) {
    return `${method.name}: ${price}, free over ${formatMoney(method.free_over_cents, method.currency)}`;
  }
  return `${method.name}: ${price}`;
}

/** The shipping zones as cards: where and which methods; edit and delete. */
export function ZoneList({ zones }: { zones: ShippingZone[] }) {
  const remove = useDeleteZone();
  const [deleting, setDeleting] = useState<ShippingZone | null>(null);
  const onConfirm = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`Deleted ${deleting.name}`);
      setDeleting(null);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <>
      <ul className="flex flex-col divide-y rounded-md border" aria-label="Shipping zones">
        {zones.map((zone) => (
          <li key={zone.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1">
              <h3 className="font-semibold">{zone.name}</h3>
              <p className="text-muted-foreground text-sm">
                {zone.rest_of_world ? 'Rest of world: where no other zone ships. ' : ''}
                {placesText(zone)}
              </p>
              <ul className="text-sm">
                {zone.methods.length === 0 ? (
                  <li className="text-destructive">No shipping methods: shoppers here can't check out.</li>
                ) : (
                  zone.methods.map((m) => (
                    <li key={m.id} className={m.is_active ? undefined : 'text-muted-foreground line-through'}>
                      {methodText(m)}
                      {m.delivery_estimate ? ` (${m.delivery_estimate})` : ''}
                    </li>
                  ))
                )}
              </ul>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button variant="outline" size="sm" asChild>
                <Link to={`/settings/shipping/zones/${zone.id}`} aria-label={`Edit ${zone.name}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${zone.name}`}
                onClick={() => setDeleting(zone)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? 'zone'}?`}
        description="Shoppers in its countries can no longer check out until another zone covers them."
        confirmLabel="Delete zone"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        variant="destructive"
        onConfirm={onConfirm}
      />
    </>
  );
}
