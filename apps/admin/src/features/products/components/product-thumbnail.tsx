import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import { cn } from '@cartwheel/ui/lib/utils';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** The product's thumbnail image (or its first), or a neutral placeholder. */
export function ProductThumbnail({
  images,
  name,
  className,
}: {
  images: ProductImage[];
  name: string;
  className?: string;
}) {
  const image = images.find((i) => i.is_thumbnail) ?? images[0];
  const [failed, setFailed] = useState(false);
  if (!image || failed) {
    return (
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted',
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-4 text-muted-foreground" />
      </span>
    );
  }
  return (
    <img
      // The narrowest copy is several times the 40 px box: plenty, and far lighter than the original.
      src={image.variants?.[0]?.webp ?? image.url}
      alt={image.alt_text || name}
      width={40}
      height={40}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn('size-10 shrink-0 rounded-md border bg-muted object-cover', className)}
    />
  );
}
