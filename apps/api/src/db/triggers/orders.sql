CREATE TRIGGER orders_analytics_delete BEFORE DELETE ON public.orders
  FOR EACH ROW
  WHEN ((((old.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (old.status <> 'cancelled'::order_status)))
  EXECUTE FUNCTION cartwheel_order_analytics();

CREATE TRIGGER orders_analytics_insert AFTER INSERT ON public.orders
  FOR EACH ROW
  WHEN ((((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status)))
  EXECUTE FUNCTION cartwheel_order_analytics();

CREATE TRIGGER orders_analytics_truncate AFTER TRUNCATE ON public.orders
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_analytics();

CREATE TRIGGER orders_analytics_update AFTER UPDATE ON public.orders
  FOR EACH ROW
  WHEN ((((((old.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (old.status <> 'cancelled'::order_status)) IS DISTINCT FROM (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status))) OR (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status) AND (((old.created_at IS DISTINCT FROM new.created_at) OR (old.customer_id IS DISTINCT FROM new.customer_id)) OR (old.customer_email IS DISTINCT FROM new.customer_email) OR (old.subtotal_amount IS DISTINCT FROM new.subtotal_amount) OR (old.base_subtotal_amount IS DISTINCT FROM new.base_subtotal_amount)))))
  EXECUTE FUNCTION cartwheel_order_analytics();

CREATE TRIGGER orders_line_sums_start_at_zero BEFORE INSERT ON public.orders
  FOR EACH ROW
  WHEN (((new.lines_refunded_amount <> 0) OR (new.lines_sales_with_cost <> 0) OR (new.lines_cost_of_goods <> 0) OR (new.lines_items_sold <> 0) OR (new.lines_items_with_cost <> 0)))
  EXECUTE FUNCTION cartwheel_order_line_sums_start_at_zero();

CREATE TRIGGER orders_sales_daily_delete AFTER DELETE ON public.orders
  FOR EACH ROW
  WHEN ((((old.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (old.status <> 'cancelled'::order_status)))
  EXECUTE FUNCTION cartwheel_order_sales_daily();

CREATE TRIGGER orders_sales_daily_insert AFTER INSERT ON public.orders
  FOR EACH ROW
  WHEN ((((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status)))
  EXECUTE FUNCTION cartwheel_order_sales_daily();

CREATE TRIGGER orders_sales_daily_truncate AFTER TRUNCATE ON public.orders
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_sales_daily();

CREATE TRIGGER orders_sales_daily_update AFTER UPDATE ON public.orders
  FOR EACH ROW
  WHEN ((((((old.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (old.status <> 'cancelled'::order_status)) IS DISTINCT FROM (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status))) OR (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status) AND (((((((((((old.created_at IS DISTINCT FROM new.created_at) OR (old.order_number IS DISTINCT FROM new.order_number)) OR (old.subtotal_amount IS DISTINCT FROM new.subtotal_amount)) OR (old.shipping_amount IS DISTINCT FROM new.shipping_amount)) OR (old.tax_amount IS DISTINCT FROM new.tax_amount)) OR (old.discount_amount IS DISTINCT FROM new.discount_amount)) OR (old.lines_refunded_amount IS DISTINCT FROM new.lines_refunded_amount)) OR (old.lines_sales_with_cost IS DISTINCT FROM new.lines_sales_with_cost)) OR (old.lines_cost_of_goods IS DISTINCT FROM new.lines_cost_of_goods)) OR (old.lines_items_sold IS DISTINCT FROM new.lines_items_sold)) OR (old.lines_items_with_cost IS DISTINCT FROM new.lines_items_with_cost) OR (old.base_subtotal_amount IS DISTINCT FROM new.base_subtotal_amount) OR (old.base_shipping_amount IS DISTINCT FROM new.base_shipping_amount) OR (old.base_tax_amount IS DISTINCT FROM new.base_tax_amount) OR (old.base_discount_amount IS DISTINCT FROM new.base_discount_amount)))))
  EXECUTE FUNCTION cartwheel_order_sales_daily();

-- A guest's order makes or updates their customer record (decision 0081).
CREATE TRIGGER orders_guest_customer AFTER INSERT OR UPDATE OF customer_id, customer_email, customer_first_name, customer_last_name, order_number ON public.orders FOR EACH ROW WHEN (((new.customer_id IS NULL) AND (new.customer_email IS NOT NULL) AND (new.order_number IS NOT NULL))) EXECUTE FUNCTION cartwheel_record_guest_customer();
