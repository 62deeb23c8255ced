-- An email is delivered by a job (email-deliver); a run claims the row until claimed_until so that a
-- second run of the same job (its first worker presumed dead) never sends it while the first may
-- still be sending. attempts counts the runs that claimed it.
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;
