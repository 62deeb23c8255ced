-- The audit log is append-only (docs/decisions/0076-audit-log.md): a row, once written, is never
-- changed or removed by the application, whatever its code does.
CREATE OR REPLACE FUNCTION public.cartwheel_audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $function$;
