-- A product's images in the order every card, cart line and product page reads them (the thumbnail,
-- then by sort order): the first image is the start of one index range, without a sort of the
-- product's images per card. The index still leads with product_id for the foreign key.
DROP INDEX IF EXISTS product_images_product_idx;--> statement-breakpoint
CREATE INDEX product_images_product_idx ON product_images (product_id, is_thumbnail DESC, sort_order, id);
