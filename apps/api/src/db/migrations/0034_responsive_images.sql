-- Responsive product images (docs/decisions/0039-responsive-images.md).
-- width/height: the stored image's intrinsic size in pixels (null until known).
-- variants: the smaller copies made by the image-variants job, [{ "width", "avif", "webp" }] by
-- width; null while they are being made (pages then show `url`, the single WebP every image has).
ALTER TABLE product_images ADD COLUMN width integer;--> statement-breakpoint
ALTER TABLE product_images ADD COLUMN height integer;--> statement-breakpoint
ALTER TABLE product_images ADD COLUMN variants jsonb;
