import { MAX_EXTRA_THUMBNAILS } from '@cartwheel/shared/constants';
import type { Product } from '@cartwheel/shared/contracts/catalog';
import { PRODUCT_IMAGE_BOX, PRODUCT_IMAGE_SIZES } from '@cartwheel/shared/images';
import { cn } from '@cartwheel/ui/lib/utils';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { PLACEHOLDER_IMAGE_URL } from './product-image.tsx';

/**
 * The product page's images: the main image and up to 4 more as thumbnails;
 * choosing a thumbnail shows it as the main image. The placeholder stands in when there is none.
 * `variantImageId` is the chosen variant's image: choosing another variant shows its image, or the
 * product's first when it has none (the same on the server, whose selection is the same).
 */
export function ProductGallery({
  product,
  variantImageId = null,
}: {
  product: Pick<Product, 'name' | 'images'>;
  variantImageId?: string | null;
}) {
  // The API lists the thumbnail-marked image first, then by sort order.
  const images = product.images.slice(0, 1 + MAX_EXTRA_THUMBNAILS);
  const [current, setCurrent] = useState<string | null>(variantImageId);
  // A newly chosen variant's image replaces whatever thumbnail was picked before.
  const [shownVariantImage, setShownVariantImage] = useState(variantImageId);
  if (shownVariantImage !== variantImageId) {
    setShownVariantImage(variantImageId);
    setCurrent(variantImageId);
  }
  const t = useT();
  const main = product.images.find((image) => image.id === current) ?? images[0];

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-xl border bg-muted">
        <ResponsiveImage
          key={main?.id}
          image={main}
          fallbackSrc={PLACEHOLDER_IMAGE_URL}
          alt={main?.alt_text || product.name}
          width={PRODUCT_IMAGE_BOX.width}
          height={PRODUCT_IMAGE_BOX.height}
          sizes={PRODUCT_IMAGE_SIZES}
          priority
          className="aspect-square w-full object-cover"
          data-testid="product-main-image"
        />
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2" aria-label={t('gallery.label')}>
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setCurrent(image.id)}
                aria-pressed={image.id === main?.id}
                aria-label={t('gallery.show', { index: index + 1, count: images.length })}
                className={cn(
                  'block w-full overflow-hidden rounded-md border-2 outline-none transition focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  image.id === main?.id
                    ? 'border-primary'
                    : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <ResponsiveImage
                  image={image}
                  fallbackSrc={PLACEHOLDER_IMAGE_URL}
                  alt=""
                  width={120}
                  height={120}
                  sizes="120px"
                  className="aspect-square w-full bg-muted object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
