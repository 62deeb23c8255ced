import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../constants.ts';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The checkout dialog's customer fields; all but state are required. */
export const customerInfo = z.object({
  email: z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'),
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  address: required('Address', 200),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  country: required('Country', 56).default(DEFAULT_COUNTRY),
  state: z.string().trim().max(100, 'State must be at most 100 characters').optional(),
});
export type CustomerInfo = z.infer<typeof customerInfo>;
export type CustomerInfoInput = z.input<typeof customerInfo>;

/**
 * POST /api/checkout/sessions. Only the shipping details are read: the lines, prices and totals come
 * from the shopper's server cart and today's database prices. Anything else in the body (such as
 * `items`, `price`, `total_amount`) is stripped by the schema and never reaches the server code.
 */
export const createCheckoutSessionBody = z.object({ customer_info: customerInfo });
export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBody>;

/** Where to send the shopper to pay: the provider's hosted card page. */
export const checkoutSession = z.object({ url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSession>;

/** POST /api/checkout/complete: creates the order once paid; called by the success page. */
export const completeCheckoutBody = z.object({
  session_id: z
    .string({ error: 'session_id is required' })
    .trim()
    .min(1, 'session_id is required')
    .max(255, 'session_id is too long'),
});
export type CompleteCheckoutBody = z.infer<typeof completeCheckoutBody>;

/** The paid order's number, shown on the success page. */
export const completedCheckout = z.object({ order_number: z.number().int() });
export type CompletedCheckout = z.infer<typeof completedCheckout>;
