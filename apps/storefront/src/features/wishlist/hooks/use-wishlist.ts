import type { Wishlist } from '@cartwheel/shared/contracts/wishlist';
import { useMe } from '@cartwheel/shared/use-me';
import { toast } from '@cartwheel/ui/lazy-toaster';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { tellOtherTabs } from '../../../lib/tab-sync.ts';
import { useServerWishlist } from '../api/get-wishlist.ts';
import { removeWishlistItem } from '../api/remove-wishlist-item.ts';
import { saveWishlistItem } from '../api/save-wishlist-item.ts';
import { wishlistKeys } from '../api/wishlist-keys.ts';
import { sameItem, toggleGuestItem, useGuestWishlist, type WishlistKey } from '../guest-wishlist.ts';

/**
 * The wishlist whoever is browsing has: the browser's while signed out, the server's while signed in.
 * Read in the browser only (the server's render shows every heart empty, so pages stay cacheable).
 */
export function useWishlist() {
  const t = useT();
  const queryClient = useQueryClient();
  const { user } = useMe();
  const userId = user?.id ?? null;
  const guest = useGuestWishlist();
  const server = useServerWishlist(userId);
  const [pending, setPending] = useState(false);
  const items: WishlistKey[] = userId ? (server.data?.items ?? []) : guest;

  const has = useCallback((item: WishlistKey) => items.some((i) => sameItem(i, item)), [items]);

  const toggle = useCallback(
    async (item: WishlistKey) => {
      if (!userId) {
        toggleGuestItem(item);
        return;
      }
      const saved = server.data?.items.find((i) => sameItem(i, item));
      setPending(true);
      try {
        const list: Wishlist = saved ? await removeWishlistItem(saved.id) : await saveWishlistItem(item);
        queryClient.setQueryData(wishlistKeys.server(userId), list);
        tellOtherTabs([wishlistKeys.server(userId)]);
      } catch (error) {
        toast.error(
          t('wishlist.failed', { message: error instanceof Error ? error.message : String(error) }),
        );
      } finally {
        setPending(false);
      }
    },
    [userId, server.data, queryClient, t],
  );

  return { userId, items, has, toggle, pending };
}
