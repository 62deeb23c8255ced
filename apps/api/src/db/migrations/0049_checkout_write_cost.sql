-- A checkout's lines are inserted while its order is unpaid, so they add nothing to the product and
-- category rollups (its payment adds them, through the trigger on orders of 0031). Yet the statement
-- trigger on order_items ran the whole chain for them on every checkout: an INSERT ... ON CONFLICT of
-- no rows into order_product_sales still fires that table's statement triggers, which call
-- cartwheel_add_product_sales twice with empty arrays (1.3-1.8 ms per insert in a loop of 1,000 on a loaded
-- machine). Inserted lines now first look for an order of theirs that counts as sold, with the same
-- condition cartwheel_add_product_lines joins on, and stop when there is none: the rollups get exactly
-- the rows they got before. The indexes below: the same decision (docs/decisions/0047-checkout-throughput.md).
CREATE OR REPLACE FUNCTION cartwheel_order_product_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_lines n JOIN orders o ON o.id = n.order_id
        WHERE n.product_id IS NOT NULL
          AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled') THEN
      PERFORM cartwheel_add_product_lines(ARRAY(SELECT n::order_items FROM new_lines n), NULL);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_add_product_lines(NULL, ARRAY(SELECT o::order_items FROM old_lines o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_add_product_lines(ARRAY(SELECT n::order_items FROM new_lines n), ARRAY(SELECT o::order_items FROM old_lines o));
  ELSE -- TRUNCATE
    DELETE FROM order_product_sales;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A shopper's open checkouts (the new checkout cancels them): found through orders_customer_created_idx,
-- that read every order the shopper ever placed or abandoned and checked each row's status, so a
-- shopper's checkout got slower with every earlier one. Only open checkouts are in this index.
CREATE INDEX "orders_open_checkouts_idx" ON "orders" USING btree ("customer_id")
  WHERE "status" = 'pending' AND "payment_status" = 'unpaid';
--> statement-breakpoint
-- Indexes that serve only lists and searches of orders (every one of those reads `order_number IS NOT
-- NULL`, order-sql.ts IS_ORDER) leave out checkouts not paid yet: a checkout's insert and its
-- cancellation (not a HOT update: its status is indexed) no longer add a few dozen trigram entries and
-- two btree entries each.
DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ((coalesce("customer_first_name", '') || ' ' || coalesce("customer_last_name", '') || ' ' || coalesce("customer_email", '')) gin_trgm_ops)
  WHERE "order_number" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_total_idx";--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_amount") WHERE "order_number" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status", "created_at" DESC NULLS FIRST)
  WHERE "order_number" IS NOT NULL;
