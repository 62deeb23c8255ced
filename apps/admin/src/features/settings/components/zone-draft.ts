import type { ShippingMethodKind, ShippingZone, ZoneInput } from '@cartwheel/shared/contracts/shipping';
import { centsToDollarString, dollarsToCents } from '@cartwheel/shared/money';

/** A shipping method as the editor holds it: amounts as typed (dollars, grams). */
export interface MethodDraft {
  id?: string;
  name: string;
  deliveryEstimate: string;
  kind: ShippingMethodKind;
  amount: string;
  freeOver: string;
  bands: { upTo: string; amount: string }[];
  isActive: boolean;
}

export interface ZoneDraft {
  name: string;
  countries: string[];
  states: string[];
  methods: MethodDraft[];
  taxEnabled: boolean;
  taxName: string;
  /** Percent as typed ("8.25"). */
  taxRate: string;
}

export const newMethod = (): MethodDraft => ({
  name: '',
  deliveryEstimate: '',
  kind: 'flat',
  amount: '0.00',
  freeOver: '',
  bands: [{ upTo: '', amount: '0.00' }],
  isActive: true,
});

export const emptyZone = (): ZoneDraft => ({
  name: '',
  countries: [],
  states: [],
  methods: [],
  taxEnabled: false,
  taxName: 'Sales tax',
  taxRate: '',
});

export function zoneToDraft(zone: ShippingZone): ZoneDraft {
  return {
    name: zone.name,
    countries: zone.countries,
    states: zone.states,
    methods: zone.methods.map((m) => ({
      id: m.id,
      name: m.name,
      deliveryEstimate: m.delivery_estimate ?? '',
      kind: m.kind,
      amount: centsToDollarString(m.amount_cents),
      freeOver: m.free_over_cents === null ? '' : centsToDollarString(m.free_over_cents),
      bands:
        m.weight_bands.length > 0
          ? m.weight_bands.map((b) => ({
              upTo: b.up_to_grams === null ? '' : String(b.up_to_grams),
              amount: centsToDollarString(b.amount_cents),
            }))
          : [{ upTo: '', amount: '0.00' }],
      isActive: m.is_active,
    })),
    taxEnabled: zone.tax !== null,
    taxName: zone.tax?.name ?? 'Sales tax',
    taxRate: zone.tax ? String(zone.tax.rate_bps / 100) : '',
  };
}

/** Percent as typed to basis points (8.25 → 825), without floating-point drift. */
export function percentToBps(input: string): number {
  const n = Number.parseFloat(input.trim());
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

export function draftToInput(draft: ZoneDraft): ZoneInput {
  return {
    name: draft.name,
    countries: draft.countries,
    states: draft.states,
    methods: draft.methods.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      name: m.name,
      delivery_estimate: m.deliveryEstimate || null,
      kind: m.kind,
      amount_cents: m.kind === 'weight' ? 0 : dollarsToCents(m.amount),
      free_over_cents:
        m.kind === 'free_over' ? (m.freeOver.trim() ? dollarsToCents(m.freeOver) : null) : null,
      weight_bands:
        m.kind === 'weight'
          ? m.bands.map((b) => ({
              up_to_grams: b.upTo.trim() ? Math.round(Number(b.upTo)) : null,
              amount_cents: dollarsToCents(b.amount),
            }))
          : [],
      is_active: m.isActive,
    })),
    tax: draft.taxEnabled ? { name: draft.taxName, rate_bps: percentToBps(draft.taxRate) } : null,
  };
}
