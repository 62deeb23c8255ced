import { meQueryOptions, useMe } from '@cartwheel/shared/use-me';
import { toast } from '@cartwheel/ui/lazy-toaster';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { useGuestCart } from '../guest-cart.ts';
import { useGuestCartMerge } from '../hooks/use-guest-cart-merge.ts';
import { useGuestCartSource } from '../hooks/use-guest-cart-source.ts';
import { useServerCartSource } from '../hooks/use-server-cart-source.ts';
import {
  type AddToCartInput,
  CART_ADDED_TOAST,
  CartContext,
  type CartContextValue,
  type CartViewLine,
  type CheckoutSlot,
} from './cart-context.ts';
import { CartPanel, useCartPanel } from './cart-panel.tsx';

/**
 * Holds the cart for the whole storefront and mounts its side panel: the guest cart while signed out,
 * the server cart while signed in, and the guest lines merged into the server cart at sign-in, so
 * nothing outside this feature needs to know about carts.
 */
export function CartProvider({ children, checkout }: { children: ReactNode; checkout?: CheckoutSlot }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { user, isLoading: viewerLoading } = useMe();
  const userId = user?.id ?? null;
  const mode = userId ? 'server' : 'guest';

  const guestLines = useGuestCart();
  useGuestCartMerge(userId, guestLines);
  const guest = useGuestCartSource(guestLines, mode === 'guest');
  const server = useServerCartSource(userId);
  const panel = useCartPanel();
  const cart = mode === 'server' ? server : guest;

  const { setOpen } = panel;
  const { add: addToGuest, setQuantity: setGuestLine, remove: removeGuestLine } = guest;
  const { add: addToServer, setQuantity: setServerLine, remove: removeServerLine } = server;
  // A tap before the shop knows who is signed in waits for the answer: guessing "guest" would put a
  // signed-in shopper's unit in the browser's cart and merge it into the account a moment later.
  const signedIn = useCallback(async () => {
    if (!viewerLoading) return mode === 'server';
    const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
    return Boolean(me?.user);
  }, [viewerLoading, mode, queryClient]);
  const addItem = useCallback(
    async (input: AddToCartInput): Promise<boolean> => {
      const outcome = await ((await signedIn()) ? addToServer(input) : addToGuest(input));
      if (!outcome.ok) {
        toast.error(t('cart.addFailed', { message: outcome.message }));
        return false;
      }
      toast.success(t('cart.added'), {
        id: CART_ADDED_TOAST,
        description: outcome.note,
        action: { label: t('cart.view'), onClick: () => setOpen(true) },
      });
      return true;
    },
    [signedIn, addToGuest, addToServer, setOpen, t],
  );

  // A line is changed in the cart it came from; a quantity of 0 or less removes it.
  const removeItem = useCallback(
    (line: CartViewLine) => (line.guestIndex !== null ? removeGuestLine(line) : removeServerLine(line)),
    [removeGuestLine, removeServerLine],
  );
  const setQuantity = useCallback(
    (line: CartViewLine, quantity: number) => {
      if (quantity <= 0) removeItem(line);
      else if (line.guestIndex !== null) setGuestLine(line, quantity);
      else setServerLine(line, quantity);
    },
    [removeItem, setGuestLine, setServerLine],
  );

  const value: CartContextValue = {
    mode,
    lines: cart.lines,
    guestLines,
    itemCount: cart.itemCount,
    subtotal: cart.lines.reduce((sum, line) => sum + line.lineTotal, 0),
    isLoading: cart.isLoading,
    error: cart.error,
    pendingKeys: server.pendingKeys,
    isAdding: server.isAdding,
    isClearing: server.isClearing,
    isOpen: panel.isOpen,
    setOpen,
    triggerRef: panel.triggerRef,
    preload: panel.preload,
    addItem,
    setQuantity,
    removeItem,
    clear: cart.clear,
  };

  return (
    <CartContext.Provider value={value}>
      {children}
      <CartPanel panel={panel} checkout={checkout} />
    </CartContext.Provider>
  );
}
