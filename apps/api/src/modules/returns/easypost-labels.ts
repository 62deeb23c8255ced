import type EasyPostClient from '@easypost/api';
import type { LabelAddress, LabelRequest, ReturnLabelCarrier } from './return-labels.ts';

/** A parcel of a typical return when the shop sets none: 30 × 20 × 10 cm, 1 kg (EasyPost: inches, ounces). */
const DEFAULT_PARCEL = { length: 12, width: 8, height: 4, weight: 35 };

const easyPostAddress = (a: LabelAddress) => ({
  name: a.name,
  street1: a.line1,
  street2: a.line2 ?? undefined,
  city: a.city,
  state: a.state ?? undefined,
  zip: a.postalCode,
  country: a.country,
});

interface Rate {
  id: string;
  rate: string;
}
interface Shipment {
  id: string;
  rates?: Rate[];
  tracking_code?: string | null;
  postage_label?: { label_url?: string | null; label_pdf_url?: string | null } | null;
}

/**
 * Return labels bought from EasyPost through its SDK: a shipment marked `is_return` (EasyPost swaps
 * the addresses so the label reads shop ← shopper), then its cheapest rate bought, as a PDF label.
 */
export function easyPostCarrier(apiKey: string, apiBase: string | undefined): ReturnLabelCarrier {
  // The SDK loads with the first label, not with the server: most requests never need it.
  let sdk: Promise<InstanceType<typeof EasyPostClient>> | undefined;
  const connect = () =>
    (sdk ??= import('@easypost/api').then(
      ({ default: Client }) =>
        new Client(apiKey, apiBase ? { baseUrl: `${apiBase.replace(/\/+$/, '')}/v2/` } : {}),
    ));
  return {
    name: 'easypost',
    async createLabel(request: LabelRequest) {
      const client = await connect();
      const shipment = (await client.Shipment.create({
        // With is_return EasyPost prints to_address as the sender: the shop's address goes in from_address.
        is_return: true,
        from_address: easyPostAddress(request.to),
        to_address: easyPostAddress(request.from),
        parcel: DEFAULT_PARCEL,
        reference: request.rma,
        options: { label_format: 'PDF' },
      })) as Shipment;
      const cheapest = [...(shipment.rates ?? [])].sort((a, b) => Number(a.rate) - Number(b.rate))[0];
      if (!cheapest) throw new Error('EasyPost offered no rate for this return');
      const bought = (await client.Shipment.buy(shipment.id, cheapest.id)) as Shipment;
      const url = bought.postage_label?.label_pdf_url ?? bought.postage_label?.label_url ?? null;
      if (!url) throw new Error('EasyPost bought the label but returned no label URL');
      return { carrier: 'easypost', trackingNumber: bought.tracking_code ?? null, url };
    },
  };
}
