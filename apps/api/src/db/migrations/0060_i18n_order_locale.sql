-- The language the customer bought in (decision 0068): their emails about the order are written in it.
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;
