import { useMe } from '@cartwheel/shared/use-me';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mergeWishlist } from '../api/merge-wishlist.ts';
import { wishlistKeys } from '../api/wishlist-keys.ts';
import { readGuestWishlist, sameItem, useGuestWishlist, writeGuestWishlist } from '../guest-wishlist.ts';

/**
 * When a shopper signs in with items in `guest_wishlist`, adds them to their list (as the cart does
 * with `guest_cart`) and clears what was sent. Once per sign-in; a failed merge keeps the items for
 * the next try.
 */
export function useWishlistMerge(): void {
  const { user } = useMe();
  const userId = user?.id ?? null;
  const guest = useGuestWishlist();
  const queryClient = useQueryClient();
  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || guest.length === 0 || mergedFor.current === userId) return;
    mergedFor.current = userId;
    const sent = guest;
    mergeWishlist(sent).then(
      ({ skipped: _skipped, ...list }) => {
        queryClient.setQueryData(wishlistKeys.server(userId), list);
        // A read that started before the merge committed must not put the old list back.
        void queryClient.invalidateQueries({ queryKey: wishlistKeys.server(userId) });
        // Only what was sent: an item saved meanwhile in another tab stays for the next merge.
        writeGuestWishlist(readGuestWishlist().filter((item) => !sent.some((s) => sameItem(s, item))));
      },
      () => {
        mergedFor.current = null;
      },
    );
  }, [userId, guest, queryClient]);
}
