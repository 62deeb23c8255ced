-- Customer tags, segments and email campaigns (docs/decisions/0092-segments-and-campaigns.md).
-- Tags belong to an email (lower-cased): a guest's tags stay with them when they make an account.
CREATE TABLE customer_tags (
  email text NOT NULL,
  tag text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (email, tag),
  CONSTRAINT customer_tags_email_lower CHECK (email = lower(email)),
  CONSTRAINT customer_tags_tag_check CHECK (length(tag) BETWEEN 1 AND 40)
);--> statement-breakpoint
CREATE INDEX customer_tags_tag_idx ON customer_tags (tag);--> statement-breakpoint
-- A segment is its filters (the contract's segmentFilters), compiled to one parameterised query.
CREATE TABLE segments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE campaigns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  subject text NOT NULL,
  segment_id uuid REFERENCES segments(id) ON DELETE SET NULL,
  blocks jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'draft',
  sent_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT campaigns_status_check CHECK (status IN ('draft', 'sending', 'sent'))
);--> statement-breakpoint
-- One row per address a campaign goes to: the unique key makes each message one, under retries and restarts.
CREATE TABLE campaign_recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  campaign_id uuid NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'queued',
  sent_at timestamp with time zone,
  opened_at timestamp with time zone,
  clicked_at timestamp with time zone,
  CONSTRAINT campaign_recipients_status_check CHECK (status IN ('queued', 'sent', 'skipped')),
  CONSTRAINT campaign_recipients_unique UNIQUE (campaign_id, email)
);--> statement-breakpoint
CREATE INDEX campaign_recipients_queued_idx ON campaign_recipients (campaign_id) WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX campaign_recipients_email_idx ON campaign_recipients (email);
