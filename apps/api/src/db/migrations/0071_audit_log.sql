-- The audit log of everything that matters (docs/decisions/0076-audit-log.md): who (user, API key or
-- the system, with a snapshot of email and role), from where (IP, user agent), what (an action on a
-- target) and the fields changed as [before, after]. Append-only: a trigger refuses UPDATE and DELETE.
ALTER TABLE "audit_log" RENAME COLUMN "created_at" TO "at";
--> statement-breakpoint
ALTER TABLE "audit_log" RENAME COLUMN "details" TO "changes";
--> statement-breakpoint
ALTER TABLE "audit_log" RENAME COLUMN "target_email" TO "target_label";
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_email" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "target_id" TYPE text USING "target_id"::text;
--> statement-breakpoint
ALTER TABLE "audit_log"
  ADD COLUMN "actor_role" text,
  ADD COLUMN "actor_kind" text DEFAULT 'user' NOT NULL,
  ADD COLUMN "actor_api_key_id" uuid,
  ADD COLUMN "ip" text,
  ADD COLUMN "user_agent" text,
  ADD COLUMN "target_type" text;
--> statement-breakpoint
-- The one kind of row written before: an admin's reset of someone's second factor.
UPDATE "audit_log" SET "action" = 'team.two_factor_reset', "target_type" = 'user',
  "changes" = '{"two_factor_enabled": [true, false]}'::jsonb
  WHERE "action" = 'two_factor_reset';
--> statement-breakpoint
UPDATE "audit_log" SET "target_type" = 'unknown' WHERE "target_type" IS NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "target_type" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check"
  CHECK ("actor_kind" IN ('user', 'api_key', 'system'));
--> statement-breakpoint
ALTER INDEX "audit_log_created_idx" RENAME TO "audit_log_at_idx";
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id", "at" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action", "at" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type", "target_id", "at" DESC);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_audit_log_append_only();
