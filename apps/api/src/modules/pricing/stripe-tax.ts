import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { TaxCalculation, TaxProvider } from './tax-provider.ts';
import type { TaxLine } from './types.ts';

export interface StripeTaxOptions {
  secretKey: string;
  /** Another API origin (tests: the local fake of Stripe), e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

const TAX_NAMES: Record<string, string> = {
  vat: 'VAT',
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  qst: 'QST',
  rst: 'RST',
  jct: 'JCT',
  igst: 'IGST',
};

/** "VAT", "GST", or "CA Sales tax" for a US state's sales tax. */
function taxName(details: Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails): string {
  const type = details.tax_type ?? 'sales_tax';
  const known = TAX_NAMES[type];
  if (known) return known;
  const words = type.replaceAll('_', ' ');
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return details.state ? `${details.state} ${label}` : label;
}

/** Stripe's breakdown as tax lines: one per name and rate, without the places that charge nothing. */
function taxLinesOf(calculation: Stripe.Tax.Calculation): TaxLine[] {
  const lines = new Map<string, TaxLine>();
  for (const part of calculation.tax_breakdown) {
    if (part.amount <= 0) continue;
    const name = taxName(part.tax_rate_details);
    const rateBps = Math.round(Number(part.tax_rate_details.percentage_decimal) * 100_000) / 1000;
    const key = `${name}|${rateBps}|${part.inclusive}`;
    const line = lines.get(key);
    if (line) line.amount += part.amount;
    else lines.set(key, { name, rateBps, amount: part.amount, inclusive: part.inclusive });
  }
  return [...lines.values()];
}

const ADDRESS_MESSAGE = "We can't work out the tax for this address: check the postal code and state";

/** Stripe could not place the address for tax (a US address without its postal code): the shopper's to fix. */
function addressRefused(error: unknown, errors: typeof Stripe.errors): AppError | null {
  if (!(error instanceof errors.StripeInvalidRequestError)) return null;
  if (error.code !== 'customer_tax_location_invalid') return null;
  return new AppError('unprocessable', 'tax_location_invalid', ADDRESS_MESSAGE, [
    { field: 'body.customer_info.postalCode', message: ADDRESS_MESSAGE },
  ]);
}

/**
 * Stripe Tax through the official SDK (`tax.calculations.create`): Stripe finds the rates for the
 * address and answers the tax of each line and of shipping. Lines go by their key as `reference`.
 */
export function createStripeTaxProvider(options: StripeTaxOptions): TaxProvider {
  // The SDK loads with the first calculation, not with the server.
  let sdk: Promise<{ stripe: Stripe; errors: typeof Stripe.errors }> | undefined;
  const connect = () =>
    (sdk ??= import('../../lib/stripe-client.ts').then(({ createStripeClient, stripeErrors }) => ({
      stripe: createStripeClient(options.secretKey, options.apiBase),
      errors: stripeErrors,
    })));
  return {
    name: 'stripe',
    async calculate(request): Promise<TaxCalculation> {
      const { stripe, errors } = await connect();
      const behavior = request.pricesIncludeTax ? 'inclusive' : 'exclusive';
      const { address } = request;
      const calculation = await stripe.tax.calculations
        .create({
          currency: request.currency.toLowerCase(),
          line_items: request.lines.map((l) => ({
            amount: l.amount,
            quantity: l.quantity,
            reference: l.key,
            tax_behavior: behavior,
          })),
          ...(request.shipping > 0
            ? { shipping_cost: { amount: request.shipping, tax_behavior: behavior } }
            : {}),
          customer_details: {
            address: {
              country: address.country,
              ...(address.state ? { state: address.state } : {}),
              ...(address.postalCode ? { postal_code: address.postalCode } : {}),
              ...(address.city ? { city: address.city } : {}),
              ...(address.line1 ? { line1: address.line1 } : {}),
            },
            address_source: 'shipping',
            ...(request.taxExempt ? { tax_exempt: 'exempt' as const } : {}),
          },
          expand: ['line_items'],
        })
        .catch((error: unknown) => {
          throw addressRefused(error, errors) ?? error;
        });
      const byReference = new Map(
        (calculation.line_items?.data ?? []).map((item) => [item.reference, item.amount_tax]),
      );
      const lineTaxes = request.lines.map((l) => byReference.get(l.key) ?? 0);
      const shippingTax = calculation.shipping_cost?.amount_tax ?? 0;
      const taxLines = taxLinesOf(calculation);
      const parts = lineTaxes.reduce((s, t) => s + t, shippingTax);
      const named = taxLines.reduce((s, t) => s + t.amount, 0);
      if (parts !== named) {
        throw new Error(`Stripe Tax calculation ${calculation.id}: line taxes ${parts} ≠ breakdown ${named}`);
      }
      return { lineTaxes, shippingTax, taxLines };
    },
  };
}

/** The tax provider TAX_PROVIDER names: Stripe Tax, or undefined for the shop's own table. */
export function createTaxProvider(options: {
  provider: 'table' | 'stripe';
  secretKey: string | undefined;
  apiBase?: string | undefined;
}): TaxProvider | undefined {
  if (options.provider !== 'stripe') return undefined;
  if (!options.secretKey) throw new Error('TAX_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  return createStripeTaxProvider({ secretKey: options.secretKey, apiBase: options.apiBase });
}
