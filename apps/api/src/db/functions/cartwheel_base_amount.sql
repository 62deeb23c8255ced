-- An amount of an order in the shop's base currency (decision 0070): its share of a pair of the
-- order's stored amounts, `own` in the order's currency and `base` the same in the base currency,
-- which is the order's rate as its checkout rounded it. Rounded half away from zero, as the money
-- library rounds, so taking an amount off takes off exactly what adding it added, and the whole of
-- `own` is exactly `base`. No base amount: the order was written in the base currency.
CREATE OR REPLACE FUNCTION public.cartwheel_base_amount(amount bigint, base bigint, own bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN base IS NULL OR base = own THEN amount WHEN own = 0 THEN 0
    ELSE round(amount::numeric * base / own)::bigint END
$function$;
