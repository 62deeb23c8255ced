-- Rows are only ever inserted: an UPDATE or DELETE fails (docs/decisions/0076-audit-log.md).
CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_audit_log_append_only();
