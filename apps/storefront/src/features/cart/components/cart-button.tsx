import { Button } from '@cartwheel/ui/button';
import { ShoppingCart } from 'lucide-react';
import { useT } from '../../../i18n/i18n.tsx';
import { useCart } from './cart-context.ts';

/** The header's cart button with its item-count badge (none when empty); opens the cart panel. */
export function CartButton() {
  const { itemCount, setOpen, preload, triggerRef, isOpen } = useCart();
  const t = useT();
  const label = t('cart.buttonLabel', { count: itemCount });
  return (
    <Button
      ref={triggerRef}
      variant="ghost"
      size="icon"
      className="relative"
      onClick={() => setOpen(true)}
      onPointerEnter={preload}
      onFocus={preload}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      data-testid="cart-button"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      <span className="sr-only">{label}</span>
      {/* An empty cart has no badge: a "0" reads as a notification. */}
      {itemCount > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="-top-1 -right-1 absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 font-medium text-[11px] text-primary-foreground tabular-nums"
        >
          {itemCount}
        </span>
      ) : null}
    </Button>
  );
}
