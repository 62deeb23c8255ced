-- A Point of Sale order the customer takes with them ships nothing: no address, no shipping method.
ALTER TABLE "draft_orders" ADD COLUMN IF NOT EXISTS "pickup" boolean DEFAULT false NOT NULL;
