import { Button } from '@cartwheel/ui/button';
import { ShoppingCart } from 'lucide-react';

interface CartButtonProps {
  /** Number of items in the cart. */
  count: number;
  onClick?: () => void;
}

/** The header's cart button with its item-count badge. The cart panel it opens comes with the cart. */
export function CartButton({ count, onClick }: CartButtonProps) {
  return (
    <Button variant="ghost" size="icon" className="relative" onClick={onClick} data-testid="cart-button">
      <ShoppingCart aria-hidden="true" className="size-5" />
      <span className="sr-only">Cart, {count === 1 ? '1 item' : `${count} items`}</span>
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="-top-1 -right-1 absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 font-medium text-[11px] text-primary-foreground tabular-nums"
      >
        {count}
      </span>
    </Button>
  );
}
