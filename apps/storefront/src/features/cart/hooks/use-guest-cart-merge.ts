import type { GuestCartLine } from '@cartwheel/shared/contracts/cart';
import { toast } from '@cartwheel/ui/lazy-toaster';
import { useEffect, useRef } from 'react';
import { problemMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useMergeGuestCart } from '../api/merge-guest-cart.ts';
import { clearGuestCart, pruneGuestCart, readGuestCart, sameLine } from '../guest-cart.ts';

/**
 * When a shopper signs in with lines in `guest_cart`, merges them into the server cart (quantities
 * added, capped by stock) and clears `guest_cart`. Once per sign-in; a failed merge keeps guest_cart
 * for the next try.
 */
export function useGuestCartMerge(userId: string | null, guestLines: GuestCartLine[]): void {
  const { mutate: merge } = useMergeGuestCart(userId);
  const t = useT();
  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || guestLines.length === 0 || mergedFor.current === userId) return;
    mergedFor.current = userId;
    merge(guestLines, {
      onSuccess: (result) => {
        // Only what was sent: a line added meanwhile in another tab stays for the next merge.
        const sent = guestLines;
        const rest = readGuestCart().filter((line) => !sent.some((s) => sameLine(s, line)));
        if (rest.length) pruneGuestCart(sent);
        else clearGuestCart();
        const notes = [
          ...result.capped.map((p) =>
            p.name && p.stock !== undefined && t.language !== 'en'
              ? t('apiError.mergeCapped', { name: p.name, stock: p.stock })
              : p.message,
          ),
          ...result.skipped.map((p) => problemMessage(t, p)),
        ];
        if (notes.length) {
          toast.info(t('cart.mergeChanged'), { description: [...new Set(notes)].join('. ') });
        }
      },
      onError: () => {
        mergedFor.current = null;
      },
    });
  }, [userId, guestLines, merge, t]);
}
