import { Button } from '@cartwheel/ui/button';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { useCart } from './cart-context.ts';
import { GiftCardFields, giftCardOf } from './gift-card-fields.tsx';
import { QuantityInput } from './quantity-input.tsx';

interface AddToCartFormProps {
  productId: string;
  /** The chosen variant; null for a product without variants. */
  variantId: string | null;
  productName: string;
  /** Stock of the product or of the chosen variant. */
  available: number;
  /** E.g. while the options do not name a variant yet. */
  disabled?: boolean;
  /** A gift card: the form asks who it is for (decision 0094). */
  giftCard?: boolean;
}

/** Quantity (minimum 1, default 1) and Add to Cart, disabled at an inventory of 0 or less. */
export function AddToCartForm({
  productId,
  variantId,
  productName,
  available,
  disabled,
  giftCard = false,
}: AddToCartFormProps) {
  const t = useT();
  const { addItem, isAdding } = useCart();
  const [quantity, setQuantity] = useState(1);
  const outOfStock = available <= 0;
  // Another variant, another stock: start again from 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the variant changes
  useEffect(() => setQuantity(1), [variantId]);

  // A click before the page came alive submitted the form as a plain GET (?add=&variant=): add that
  // one unit now, once, and take the parameters out of the address (`addItem` waits, if need be, to
  // learn who is signed in, so the unit goes to their cart).
  const [params, setParams] = useSearchParams();
  const submittedEarly = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with what the address said on arrival
  useEffect(() => {
    // A gift card needs its recipient: an early click added nothing, the shopper fills the form in.
    if (submittedEarly.current || params.get('add') !== productId || giftCard) return;
    submittedEarly.current = true;
    const sameVariant = (params.get('variant') ?? '') === (variantId ?? '');
    const next = new URLSearchParams(params);
    next.delete('add');
    next.delete('variant');
    setParams(next, { replace: true, preventScrollReset: true });
    if (sameVariant && !outOfStock && !disabled) {
      void addItem({
        product_id: productId,
        variant_id: variantId,
        quantity: 1,
        available,
        name: productName,
      });
    }
  }, []);

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('cart.addProduct', { name: productName })}
      onSubmit={async (event) => {
        event.preventDefault();
        if (outOfStock || disabled) return;
        const form = event.currentTarget;
        const ok = await addItem({
          product_id: productId,
          variant_id: variantId,
          quantity,
          available,
          name: productName,
          ...(giftCard ? { gift_card: giftCardOf(form) } : {}),
        });
        if (ok) setQuantity(1);
        if (ok && giftCard) form.reset();
      }}
    >
      <input type="hidden" name="add" value={productId} />
      {variantId ? <input type="hidden" name="variant" value={variantId} /> : null}
      {giftCard ? <GiftCardFields disabled={outOfStock || disabled} /> : null}
      <div className="flex flex-col gap-1.5">
        <span aria-hidden="true" className="font-medium text-sm">
          {t('cart.quantity')}
        </span>
        <QuantityInput
          value={quantity}
          onChange={setQuantity}
          max={outOfStock ? undefined : available}
          label={t('cart.quantity')}
          disabled={outOfStock || disabled}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="flex-1! sm:flex-none!"
        disabled={outOfStock || disabled || isAdding}
      >
        <ShoppingCart aria-hidden="true" />
        {outOfStock ? t('product.outOfStock') : t('cart.add')}
      </Button>
    </form>
  );
}
