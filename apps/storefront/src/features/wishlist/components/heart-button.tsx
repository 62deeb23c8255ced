import { cn } from '@cartwheel/ui/lib/utils';
import { Heart } from 'lucide-react';
import { useT } from '../../../i18n/i18n.tsx';

export interface HeartProps {
  productId: string;
  productName: string;
  className?: string;
}

/** The heart's button: filled when the product is saved. */
export function HeartButton({
  productName,
  className,
  saved,
  disabled,
  onToggle,
}: HeartProps & { saved: boolean; disabled: boolean; onToggle?: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      aria-pressed={saved}
      // One name whatever the state: aria-pressed says whether it is saved.
      aria-label={t('wishlist.addProduct', { name: productName })}
      disabled={disabled}
      onClick={onToggle}
      data-testid="wishlist-heart"
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm outline-none transition-colors hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved && 'fill-rose-600 text-rose-600')} />
    </button>
  );
}
