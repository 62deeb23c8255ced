-- Returns the shopper starts (docs/decisions/0086-returns.md). A return asks to send back delivered
-- units of an order's lines; staff approve or decline it, receive the parcel (each line's condition and
-- whether it went back to stock) and refund it through the order's refunds. `return_number` is the
-- RMA shoppers and staff quote (R1001); the sequence never reuses a number.
ALTER TABLE products ADD COLUMN final_sale boolean NOT NULL DEFAULT false;--> statement-breakpoint
CREATE SEQUENCE returns_return_number_seq START WITH 1001 INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 CACHE 1;--> statement-breakpoint
CREATE TABLE returns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  return_number integer NOT NULL DEFAULT nextval('returns_return_number_seq'::regclass),
  status text NOT NULL DEFAULT 'requested',
  note text,
  decline_reason text,
  -- The account that asked; null when a guest asked through the order's signed link.
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The label: which carrier adapter made it, and what the label service answered (none for builtin).
  label_carrier text,
  label_tracking_number text,
  label_url text,
  -- sha256 of the token in the approval email's label link; the token itself is only in the email.
  label_token_hash text,
  refund_id uuid REFERENCES refunds(id) ON DELETE SET NULL,
  refunded_to text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  approved_at timestamp with time zone,
  declined_at timestamp with time zone,
  received_at timestamp with time zone,
  refunded_at timestamp with time zone,
  closed_at timestamp with time zone,
  CONSTRAINT returns_return_number_key UNIQUE (return_number),
  CONSTRAINT returns_label_token_hash_key UNIQUE (label_token_hash),
  CONSTRAINT returns_status_check CHECK (status IN ('requested', 'approved', 'declined', 'received', 'refunded', 'closed')),
  CONSTRAINT returns_declined_check CHECK ((status = 'declined') = (declined_at IS NOT NULL)),
  CONSTRAINT returns_refunded_to_check CHECK (refunded_to IS NULL OR refunded_to IN ('original_payment', 'store_credit'))
);--> statement-breakpoint
CREATE INDEX returns_order_idx ON returns (order_id);--> statement-breakpoint
CREATE INDEX returns_list_idx ON returns (status, created_at DESC);--> statement-breakpoint
CREATE TABLE return_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  return_id uuid NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
  order_item_id uuid NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  quantity integer NOT NULL,
  reason text NOT NULL,
  -- Written on receipt: the state the unit came back in, and whether it went back to stock.
  condition text,
  restocked boolean,
  CONSTRAINT return_items_return_line_key UNIQUE (return_id, order_item_id),
  CONSTRAINT return_items_quantity_check CHECK (quantity >= 1),
  CONSTRAINT return_items_reason_check CHECK (reason IN ('too_small', 'too_large', 'not_as_described', 'damaged', 'wrong_item', 'changed_mind', 'other')),
  CONSTRAINT return_items_condition_check CHECK (condition IS NULL OR condition IN ('as_new', 'opened', 'damaged')),
  CONSTRAINT return_items_received_check CHECK ((condition IS NULL) = (restocked IS NULL))
);--> statement-breakpoint
CREATE INDEX return_items_order_item_idx ON return_items (order_item_id);
