-- An option value renamed or removed: these keys' display is recomputed from the values left.
CREATE OR REPLACE FUNCTION public.cartwheel_refresh_option_labels(ids integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE facet_keys k SET name = d.name, label = d.label, sort_order = d.sort_order
  FROM (SELECT kk.id, min(o.name) AS name, min(v.label) AS label, min(v.sort_order) AS sort_order
    FROM facet_keys kk JOIN product_option_values v ON lower(v.label) = kk.option_value
    JOIN product_options o ON o.id = v.option_id AND lower(o.name) = kk.option_name
    WHERE kk.id = ANY(ids) GROUP BY kk.id) d
  WHERE k.id = d.id AND (k.name, k.label, k.sort_order) IS DISTINCT FROM (d.name, d.label, d.sort_order)
$function$;
