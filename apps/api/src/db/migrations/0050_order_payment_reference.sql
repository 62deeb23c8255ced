-- The payment provider's reference for an order's payment, the one a merchant looks up in the
-- provider's dashboard (Stripe: the payment intent, pi_...; local: its own payment id; cash or other
-- at Point of Sale: the draft order's number). Written when the payment is recorded; orders paid
-- before it existed show their payment session id instead (finances/finances.service.ts).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS payment_reference text;
