CREATE TRIGGER product_reviews_notify_catalog_delete AFTER DELETE ON public.product_reviews
  FOR EACH ROW
  WHEN ((old.status = 'published'::text))
  EXECUTE FUNCTION cartwheel_notify_review_product();

CREATE TRIGGER product_reviews_notify_catalog_insert AFTER INSERT ON public.product_reviews
  FOR EACH ROW
  WHEN ((new.status = 'published'::text))
  EXECUTE FUNCTION cartwheel_notify_review_product();

CREATE TRIGGER product_reviews_notify_catalog_update AFTER UPDATE ON public.product_reviews
  FOR EACH ROW
  WHEN (((old.status = 'published'::text) OR (new.status = 'published'::text)))
  EXECUTE FUNCTION cartwheel_notify_review_product();
