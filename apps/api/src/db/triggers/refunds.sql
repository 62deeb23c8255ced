CREATE TRIGGER refunds_sales_daily BEFORE INSERT OR DELETE OR UPDATE ON public.refunds
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_refund_sales_daily();
