-- Category links added, changed or removed: per statement, so a bulk insert is one summed delta per
-- row of counts.
CREATE OR REPLACE FUNCTION public.cartwheel_product_categories_list_counts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM cartwheel_count_category_links(array_agg(o.product_id), array_agg(o.category_id), -1)
    FROM old_links o HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM cartwheel_count_category_links(array_agg(n.product_id), array_agg(n.category_id), 1)
    FROM new_links n HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $function$;
