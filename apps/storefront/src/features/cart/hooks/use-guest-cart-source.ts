import type { GuestCartLine } from '@cartwheel/shared/contracts/cart';
import { itemCount } from '@cartwheel/shared/item-count';
import { toast } from '@cartwheel/ui/lazy-toaster';
import { useCallback, useEffect, useMemo } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { useGuestCartPreview } from '../api/preview-guest-cart.ts';
import type { AddToCartInput, CartSource, CartViewLine } from '../components/cart-context.ts';
import { addToGuestCart, clearGuestCart, pruneGuestCart, sameLine, setGuestQuantity } from '../guest-cart.ts';

const guestKey = (line: GuestCartLine, index: number) =>
  `guest:${line.product_id}:${line.variant_id ?? ''}${line.gift_card ? `:gift:${index}` : ''}`;

/** Lines whose product or variant is gone for good (not merely out of stock). */
const GONE = new Set(['product_not_found', 'variant_not_found', 'variant_mismatch', 'variant_required']);

/**
 * The signed-out cart: the lines kept in the browser (`guest_cart`), priced by the server while
 * `active`. Changes are written to storage at once, so nothing here waits on the network.
 */
export function useGuestCartSource(guestLines: GuestCartLine[], active: boolean): CartSource {
  const preview = useGuestCartPreview(guestLines, active);

  // Guest lines whose product has gone (deleted, hidden, variants changed) are dropped quietly.
  useEffect(() => {
    const gone = preview.data?.skipped.filter((s) => GONE.has(s.code)) ?? [];
    if (gone.length)
      pruneGuestCart(gone.map((s) => ({ product_id: s.product_id, variant_id: s.variant_id })));
  }, [preview.data]);

  const lines = useMemo<CartViewLine[]>(() => {
    const priced = preview.data?.items ?? [];
    return guestLines
      .map((line, index) => {
        // A gift card's line is found by its position too: the same product may be several lines.
        const found = priced.find((p) => sameLine(p, line) && (!line.gift_card || p.index === index));
        const details = found
          ? { ...found, quantity: line.quantity, gift_card: line.gift_card ?? null }
          : null;
        return {
          key: guestKey(line, index),
          itemId: null,
          guestIndex: index,
          quantity: line.quantity,
          details,
          lineTotal: details ? details.unit_price * line.quantity : 0,
        };
      })
      .reverse(); // newest first, like the server cart
  }, [preview.data, guestLines]);

  const t = useT();
  const add = useCallback(
    async (input: AddToCartInput) => {
      const result = addToGuestCart(
        {
          product_id: input.product_id,
          variant_id: input.variant_id,
          quantity: input.quantity,
          ...(input.gift_card ? { gift_card: input.gift_card } : {}),
        },
        input.available,
      );
      if (!result.ok) {
        const message =
          result.refusal === 'out_of_stock'
            ? t('cart.refusal.outOfStock')
            : result.refusal === 'max_lines'
              ? t('cart.refusal.maxLines', { max: result.max })
              : t('cart.refusal.allInCart', { limit: result.limit });
        return { ok: false as const, message };
      }
      const note = result.capped
        ? t('cart.capped', { available: input.available, quantity: result.quantity })
        : undefined;
      return { ok: true as const, note };
    },
    [t],
  );

  const setQuantity = useCallback(
    (line: CartViewLine, quantity: number) => {
      if (line.guestIndex === null) return;
      const available = line.details?.available;
      const capped = available !== undefined && quantity > available && available > 0;
      setGuestQuantity(line.guestIndex, capped ? available : quantity);
      if (capped) toast.info(t('cart.capped', { available, quantity: available }));
    },
    [t],
  );

  const remove = useCallback(
    (line: CartViewLine) => {
      if (line.guestIndex === null) return;
      setGuestQuantity(line.guestIndex, 0);
      toast.success(t('cart.removed'));
    },
    [t],
  );

  const clear = useCallback(() => {
    clearGuestCart();
    toast.success(t('cart.cleared'));
  }, [t]);

  return {
    lines,
    itemCount: itemCount(guestLines),
    isLoading: preview.isPending && guestLines.length > 0,
    error: preview.error ?? null,
    add,
    setQuantity,
    remove,
    clear,
  };
}
