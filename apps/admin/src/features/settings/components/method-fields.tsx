import type { ShippingMethodKind } from '@cartwheel/shared/contracts/shipping';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Switch } from '@cartwheel/ui/switch';
import { Plus, Trash2 } from 'lucide-react';
import { FieldError } from './field-error.tsx';
import type { MethodDraft } from './zone-draft.ts';

const KIND_LABELS: Record<ShippingMethodKind, string> = {
  flat: 'Flat rate',
  free_over: 'Free over an amount',
  weight: 'By weight',
};

/** One shipping method of the zone editor: name, estimate, how it is priced. */
export function MethodFields({
  index,
  method,
  onChange,
  onRemove,
  errorFor,
}: {
  index: number;
  method: MethodDraft;
  onChange: (next: MethodDraft) => void;
  onRemove: () => void;
  /** The server's message for a field below `methods.{index}.` */
  errorFor: (field: string) => string | undefined;
}) {
  const id = (field: string) => `method-${index}-${field}`;
  const set = (patch: Partial<MethodDraft>) => onChange({ ...method, ...patch });
  const setBand = (b: number, patch: Partial<MethodDraft['bands'][number]>) =>
    set({ bands: method.bands.map((band, i) => (i === b ? { ...band, ...patch } : band)) });
  const label = method.name.trim() || `Method ${index + 1}`;

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-md border p-4"
      aria-label={`Shipping method ${index + 1}`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('name')}>Method name</Label>
          <Input id={id('name')} value={method.name} onChange={(e) => set({ name: e.target.value })} />
          <FieldError message={errorFor('name')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('estimate')}>Delivery estimate</Label>
          <Input
            id={id('estimate')}
            placeholder="3–5 business days"
            value={method.deliveryEstimate}
            onChange={(e) => set({ deliveryEstimate: e.target.value })}
          />
          <FieldError message={errorFor('delivery_estimate')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('kind')}>Price</Label>
          <NativeSelect
            id={id('kind')}
            className="w-full"
            value={method.kind}
            onChange={(e) => set({ kind: e.target.value as ShippingMethodKind })}
          >
            {Object.entries(KIND_LABELS).map(([kind, text]) => (
              <option key={kind} value={kind}>
                {text}
              </option>
            ))}
          </NativeSelect>
        </div>
        {method.kind !== 'weight' ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('amount')}>
              {method.kind === 'free_over' ? 'Price under the amount ($)' : 'Rate ($)'}
            </Label>
            <Input
              id={id('amount')}
              inputMode="decimal"
              value={method.amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
            <FieldError message={errorFor('amount_cents')} />
          </div>
        ) : null}
        {method.kind === 'free_over' ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('free-over')}>Free over ($)</Label>
            <Input
              id={id('free-over')}
              inputMode="decimal"
              value={method.freeOver}
              onChange={(e) => set({ freeOver: e.target.value })}
            />
            <FieldError message={errorFor('free_over_cents')} />
          </div>
        ) : null}
      </div>
      {method.kind === 'weight' ? (
        <div className="flex flex-col gap-2">
          <p className="font-medium text-sm">Weight bands</p>
          <p className="text-muted-foreground text-sm">
            The first band the cart's weight fits in sets the price; leave the last band's weight empty for
            any weight above.
          </p>
          {method.bands.map((band, b) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: bands have no id of their own; their order is their identity.
            <div key={b} className="flex flex-wrap items-end gap-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id(`band-${b}-up-to`)}>Up to (grams)</Label>
                <Input
                  id={id(`band-${b}-up-to`)}
                  inputMode="numeric"
                  className="w-32"
                  value={band.upTo}
                  onChange={(e) => setBand(b, { upTo: e.target.value })}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={id(`band-${b}-amount`)}>Band rate ($)</Label>
                <Input
                  id={id(`band-${b}-amount`)}
                  inputMode="decimal"
                  className="w-28"
                  value={band.amount}
                  onChange={(e) => setBand(b, { amount: e.target.value })}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove band ${b + 1}`}
                disabled={method.bands.length === 1}
                onClick={() => set({ bands: method.bands.filter((_, i) => i !== b) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
              <div className="basis-full">
                <FieldError
                  message={
                    errorFor(`weight_bands.${b}.up_to_grams`) ?? errorFor(`weight_bands.${b}.amount_cents`)
                  }
                />
              </div>
            </div>
          ))}
          <FieldError message={errorFor('weight_bands')} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => set({ bands: [...method.bands, { upTo: '', amount: '0.00' }] })}
          >
            <Plus aria-hidden="true" />
            Add band
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Switch
            id={id('active')}
            checked={method.isActive}
            onCheckedChange={(on) => set({ isActive: on })}
          />
          <Label htmlFor={id('active')}>Offered at checkout</Label>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove {label}
        </Button>
      </div>
    </fieldset>
  );
}
