import { cn } from '@cartwheel/ui/lib/utils';
import { Star } from 'lucide-react';

/** A rating drawn as five stars (whole and half stars filled); `label` is what screen readers hear. */
export function Stars({ rating, label, className }: { rating: number; label: string; className?: string }) {
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rating >= n ? 'full' : rating >= n - 0.5 ? 'half' : 'none';
        return (
          <span key={n} className="relative inline-block size-4" aria-hidden="true">
            <Star className="absolute inset-0 size-4 text-amber-500" />
            {fill !== 'none' ? (
              <span className={cn('absolute inset-0 overflow-hidden', fill === 'half' ? 'w-1/2' : 'w-full')}>
                <Star className="size-4 fill-amber-500 text-amber-500" />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
