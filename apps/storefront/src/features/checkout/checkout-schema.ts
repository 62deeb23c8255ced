import { addressFields, checkPlace } from '@cartwheel/shared/contracts/addresses';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// Loaded with the form's first check (checkout-form.tsx), not with the page: zod and the contracts
// it builds are most of the checkout's script, and nothing on the page needs them before a submit.

/** The checkout form, checked here before anything is sent (and again by the server). */
const checkoutForm = z.object({
  email: z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'),
  marketing_opt_in: z.boolean(),
  save_address: z.boolean(),
  saved_address_id: z.string(),
  address: addressFields.omit({ is_default: true }).superRefine(checkPlace),
  shipping_method_id: z.string(),
});

/** The form's values as the check answers them. */
export type CheckedCheckoutForm = z.output<typeof checkoutForm>;

export const checkoutResolver = zodResolver(checkoutForm);
