// What an issued invoice or credit note says, stored with it (documents.schema.ts): a reprint draws
// the same document even after the order, the catalog or the shop's settings change.

/** The seller or the buyer as printed: a name, address lines and, for the seller, a tax number. */
export interface DocumentParty {
  name: string;
  address: string[];
  email?: string | null;
  tax_number?: string | null;
}

export interface DocumentLine {
  name: string;
  variant: string | null;
  sku: string;
  quantity: number;
  /** Minor units of the document's currency. */
  unit_price: number;
  discount: number;
  /** The line's total after its discount (tax inside it when the prices include tax). */
  total: number;
  tax: number;
}

export interface InvoiceSnapshot {
  /** The language it is written in (a BCP 47 tag the document labels exist in). */
  language: string;
  order_number: number;
  order_date: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  currency: string;
  tax_inclusive: boolean;
  lines: DocumentLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  shipping_method: string | null;
  tax: number;
  total: number;
  discounts: Array<{ code: string | null; title: string; amount: number; shipping_amount: number }>;
  tax_lines: Array<{ name: string; rate_bps: number; amount: number; inclusive: boolean }>;
  payment_method: string | null;
}

export interface CreditNoteSnapshot {
  language: string;
  order_number: number;
  invoice_number: string;
  invoice_date: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  currency: string;
  tax_inclusive: boolean;
  lines: Array<{ name: string; variant: string | null; sku: string; quantity: number; total: number }>;
  shipping: number;
  /** The tax the refund gave back (inside `total` when the order's prices included tax). */
  tax: number;
  total: number;
  reason: string;
}
