import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@cartwheel/ui/sheet';
import { useT } from '../../../i18n/i18n.tsx';
import { type CheckoutSlot, useCart } from './cart-context.ts';
import { CartBody, CartTotals } from './cart-lines.tsx';

/** The cart side panel: lines with image, name, variant, unit price, stepper and remove; subtotal; clear. */
export function CartSheet({ checkout }: { checkout?: CheckoutSlot | undefined } = {}) {
  const cart = useCart();
  const { lines, itemCount, isOpen, setOpen } = cart;
  const t = useT();

  return (
    <Sheet open={isOpen} onOpenChange={setOpen}>
      <SheetContent
        side="right"
        className="w-full! gap-0! sm:max-w-md!"
        data-testid="cart-panel"
        onCloseAutoFocus={(event) => {
          // The header button opened the panel without being its Radix trigger: give it focus back.
          event.preventDefault();
          cart.triggerRef.current?.focus();
        }}
      >
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="text-lg">{t('cart.title')}</SheetTitle>
          <SheetDescription>
            {itemCount === 0 ? t('cart.empty') : t('cart.items', { count: itemCount })}
          </SheetDescription>
        </SheetHeader>

        <CartBody />

        {lines.length > 0 ? (
          <SheetFooter className="mt-0! border-t">
            <CartTotals checkout={checkout} withDiscounts={isOpen} />
          </SheetFooter>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
