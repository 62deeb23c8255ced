import type { Config } from '../../config.ts';
import { easyPostCarrier } from './easypost-labels.ts';

/** An address on a return label (the shopper's, or the shop's return address). */
export interface LabelAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface LabelRequest {
  /** The return's RMA (R1001): the label service's reference, printed on the label. */
  rma: string;
  /** The shopper who sends the parcel back. */
  from: LabelAddress;
  /** The shop's return address. */
  to: LabelAddress;
}

/** What a carrier made: its name, and for a bought label its tracking number and where to print it. */
export interface IssuedLabel {
  carrier: string;
  trackingNumber: string | null;
  /** The label service's printable label; null: the shop's own PDF (return-label-pdf.ts) is the label. */
  url: string | null;
}

/**
 * Who makes the label of an approved return (docs/decisions/0086-returns.md). The built-in one makes
 * nothing outside: its label is the PDF the shop prints itself; an adapter buys one from a label
 * service. Chosen by RETURN_LABELS.
 */
export interface ReturnLabelCarrier {
  readonly name: string;
  createLabel(request: LabelRequest): Promise<IssuedLabel>;
}

const builtinCarrier: ReturnLabelCarrier = {
  name: 'builtin',
  createLabel: async () => ({ carrier: 'builtin', trackingNumber: null, url: null }),
};

/** The carrier RETURN_LABELS names. */
export function createLabelCarrier(config: Config['returnLabels']): ReturnLabelCarrier {
  return config.carrier === 'easypost' ? easyPostCarrier(config.apiKey, config.apiBase) : builtinCarrier;
}
