-- Webhook endpoints isolated from each other (docs/decisions/0073-webhook-isolation.md): one delivery
-- in flight per endpoint (a lease, so a crashed worker's claim runs out), and a circuit breaker that
-- pauses an endpoint after failures in a row.
ALTER TABLE webhook_endpoints
  ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN paused_until timestamp with time zone,
  ADD COLUMN sending_until timestamp with time zone;
