import { toast } from '@cartwheel/ui/lazy-toaster';
import { useCallback, useMemo, useState } from 'react';
import { apiErrorMessage, cappedNote } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useAddCartItem } from '../api/add-cart-item.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useServerCart } from '../api/get-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';
import type { AddToCartInput, CartSource, CartViewLine } from '../components/cart-context.ts';

export interface ServerCartSource extends CartSource {
  /** Keys of lines with a change in flight. */
  pendingKeys: ReadonlySet<string>;
  isAdding: boolean;
  isClearing: boolean;
}

/** The signed-in shopper's cart, kept on the server; every change answers with the new cart. */
export function useServerCartSource(userId: string | null): ServerCartSource {
  const t = useT();
  const serverCart = useServerCart(userId);
  const addMutation = useAddCartItem(userId);
  const updateMutation = useUpdateCartItem(userId);
  const removeMutation = useRemoveCartItem(userId);
  const clearMutation = useClearCart(userId);

  const [pendingKeys, setPendingKeys] = useState<ReadonlySet<string>>(new Set());
  const markPending = useCallback((key: string, pending: boolean) => {
    setPendingKeys((prev) => {
      const next = new Set(prev);
      if (pending) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const lines = useMemo<CartViewLine[]>(
    () =>
      (serverCart.data?.items ?? []).map(({ id, created_at: _created, ...details }) => ({
        key: id,
        itemId: id,
        guestIndex: null,
        quantity: details.quantity,
        details,
        lineTotal: details.line_total,
      })),
    [serverCart.data],
  );

  const add = useCallback(
    async (input: AddToCartInput) => {
      try {
        const change = await addMutation.mutateAsync({
          product_id: input.product_id,
          variant_id: input.variant_id,
          quantity: input.quantity,
          ...(input.gift_card ? { gift_card: input.gift_card } : {}),
        });
        if (change.added <= 0) {
          return { ok: false as const, message: cappedNote(t, change) ?? t('cart.refusal.outOfStock') };
        }
        return { ok: true as const, note: cappedNote(t, change) };
      } catch (error) {
        return { ok: false as const, message: apiErrorMessage(t, error, t('common.error')) };
      }
    },
    [addMutation, t],
  );

  const remove = useCallback(
    (line: CartViewLine) => {
      if (!line.itemId) return;
      markPending(line.key, true);
      removeMutation.mutate(line.itemId, {
        onSuccess: () => toast.success(t('cart.removed')),
        onError: (error) =>
          toast.error(t('cart.removeFailed', { message: apiErrorMessage(t, error, t('common.error')) })),
        onSettled: () => markPending(line.key, false),
      });
    },
    [removeMutation, markPending, t],
  );

  const setQuantity = useCallback(
    (line: CartViewLine, quantity: number) => {
      if (!line.itemId) return;
      markPending(line.key, true);
      updateMutation.mutate(
        { itemId: line.itemId, quantity },
        {
          onSuccess: (change) => {
            const note = change.capped ? cappedNote(t, change) : undefined;
            if (note) toast.info(note);
          },
          onError: (error) =>
            toast.error(t('cart.updateFailed', { message: apiErrorMessage(t, error, t('common.error')) })),
          onSettled: () => markPending(line.key, false),
        },
      );
    },
    [updateMutation, markPending, t],
  );

  const clear = useCallback(() => {
    clearMutation.mutate(undefined, {
      onSuccess: () => toast.success(t('cart.cleared')),
      onError: (error) =>
        toast.error(t('cart.updateFailed', { message: apiErrorMessage(t, error, t('common.error')) })),
    });
  }, [clearMutation, t]);

  return {
    lines,
    itemCount: serverCart.data?.item_count ?? 0,
    isLoading: serverCart.isPending,
    error: serverCart.error ?? null,
    pendingKeys,
    isAdding: addMutation.isPending,
    isClearing: clearMutation.isPending,
    add,
    setQuantity,
    remove,
    clear,
  };
}
