-- Gift cards and store credit (docs/decisions/0074-gift-cards-and-store-credit.md). A gift card is a
-- balance behind a code; store credit is the same balance owned by a customer account, with no code
-- (one per customer and currency). The balance changes only by a conditional UPDATE that can never take
-- it below zero, and every change is a row of the append-only ledger `gift_card_transactions`.
CREATE TABLE gift_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL DEFAULT 'gift_card',
  -- sha256 of the normalised code (upper case, letters and digits only); the code itself is not kept.
  code_hash text,
  last_characters text,
  currency text NOT NULL,
  initial_amount integer NOT NULL,
  balance integer NOT NULL,
  expires_at timestamp with time zone,
  customer_id uuid REFERENCES users(id) ON DELETE SET NULL,
  recipient_email text,
  recipient_name text,
  message text,
  send_at timestamp with time zone,
  sent_at timestamp with time zone,
  disabled_at timestamp with time zone,
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  note text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT gift_cards_kind_check CHECK (kind IN ('gift_card', 'store_credit')),
  CONSTRAINT gift_cards_code_check CHECK ((kind = 'gift_card') = (code_hash IS NOT NULL)),
  CONSTRAINT gift_cards_owner_check CHECK (kind = 'gift_card' OR customer_id IS NOT NULL),
  CONSTRAINT gift_cards_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  CONSTRAINT gift_cards_initial_check CHECK (initial_amount >= 0),
  CONSTRAINT gift_cards_balance_check CHECK (balance >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX gift_cards_code_key ON gift_cards (code_hash) WHERE code_hash IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX gift_cards_store_credit_key ON gift_cards (customer_id, currency) WHERE kind = 'store_credit';--> statement-breakpoint
CREATE INDEX gift_cards_list_idx ON gift_cards (created_at DESC, id) WHERE kind = 'gift_card';--> statement-breakpoint
CREATE INDEX gift_cards_order_idx ON gift_cards (order_id) WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE gift_card_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gift_card_id uuid NOT NULL REFERENCES gift_cards(id) ON DELETE CASCADE,
  kind text NOT NULL,
  amount integer NOT NULL,
  balance_after integer NOT NULL,
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  refund_id uuid REFERENCES refunds(id) ON DELETE SET NULL,
  note text,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT gift_card_transactions_kind_check CHECK (kind IN ('issue', 'redeem', 'release', 'refund', 'adjust')),
  CONSTRAINT gift_card_transactions_balance_check CHECK (balance_after >= 0)
);--> statement-breakpoint
CREATE INDEX gift_card_transactions_card_idx ON gift_card_transactions (gift_card_id, created_at);--> statement-breakpoint
-- The tenders other than the payment provider that pay an order: `held` while the checkout is unpaid,
-- `captured` once it is paid, `released` (the balance given back) when it is cancelled. The provider
-- is charged the rest: total_amount less these amounts.
CREATE TABLE order_tenders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  gift_card_id uuid NOT NULL REFERENCES gift_cards(id),
  kind text NOT NULL,
  amount integer NOT NULL,
  refunded_amount integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'held',
  position integer NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT order_tenders_kind_check CHECK (kind IN ('gift_card', 'store_credit')),
  CONSTRAINT order_tenders_status_check CHECK (status IN ('held', 'captured', 'released')),
  CONSTRAINT order_tenders_amount_check CHECK (amount > 0),
  CONSTRAINT order_tenders_refunded_check CHECK (refunded_amount >= 0 AND refunded_amount <= amount)
);--> statement-breakpoint
CREATE INDEX order_tenders_order_idx ON order_tenders (order_id, position);--> statement-breakpoint
CREATE INDEX order_tenders_card_idx ON order_tenders (gift_card_id);--> statement-breakpoint
-- What of a refund the payment provider pays (NULL: all of it, as before); the rest goes back to the
-- order's gift cards and store credit, or, `to_store_credit`, all of it to the customer's store credit.
ALTER TABLE refunds ADD COLUMN provider_amount integer;--> statement-breakpoint
ALTER TABLE refunds ADD COLUMN to_store_credit boolean NOT NULL DEFAULT false;
