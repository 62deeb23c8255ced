import type { CartLine, GuestCartLine, GuestCartPreviewLine } from '@cartwheel/shared/contracts/cart';
import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import { createContext, type ReactNode, type RefObject, useContext } from 'react';
import type { CheckoutCart } from '../../../components/quote/checkout-quote.ts';

type LineDetails = Omit<GuestCartPreviewLine, 'index'> | Omit<CartLine, 'id' | 'created_at'>;

/** A cart line as the panel shows it, whichever cart it comes from. */
export interface CartViewLine {
  /** Stable React key: the server line id, or the product and variant of a guest line. */
  key: string;
  /** Server cart: the line id. */
  itemId: string | null;
  /** Guest cart: the line's position in `guest_cart`. */
  guestIndex: number | null;
  quantity: number;
  /** Name, image, unit price and stock from the server; null while a new guest line is being priced. */
  details: LineDetails | null;
  /** details.unit_price x quantity (0 until priced). */
  lineTotal: number;
}

export interface AddToCartInput {
  product_id: string;
  variant_id: string | null;
  quantity: number;
  /** Stock the page knows of; the guest cart caps by it (the server cart by its own count). */
  available: number;
  /** For the toast's "View cart" action. */
  name?: string;
  /** A gift card's recipient and send date (decision 0094). */
  gift_card?: GiftCardRecipient;
}

/** What adding to either cart came to: a note for the toast (a cap by stock), or why nothing was added. */
export type AddOutcome = { ok: true; note: string | undefined } | { ok: false; message: string };

/** One cart (the guest cart or the server cart) as the provider composes it; actions toast their outcome. */
export interface CartSource {
  lines: CartViewLine[];
  itemCount: number;
  isLoading: boolean;
  error: Error | null;
  add: (input: AddToCartInput) => Promise<AddOutcome>;
  /** A quantity of 1 or more for one of this cart's lines. */
  setQuantity: (line: CartViewLine, quantity: number) => void;
  remove: (line: CartViewLine) => void;
  clear: () => void;
}

export interface CartContextValue {
  mode: 'guest' | 'server';
  lines: CartViewLine[];
  /** The signed-out cart as stored (what a guest checkout sends); empty when signed in. */
  guestLines: GuestCartLine[];
  itemCount: number;
  subtotal: number;
  isLoading: boolean;
  error: Error | null;
  /** Keys of lines with a change in flight. */
  pendingKeys: ReadonlySet<string>;
  isAdding: boolean;
  isClearing: boolean;
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  /** The header button, to return focus to when the panel closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** Starts loading the panel's code (on hover or focus of the cart button). */
  preload: () => void;
  addItem: (input: AddToCartInput) => Promise<boolean>;
  setQuantity: (line: CartViewLine, quantity: number) => void;
  removeItem: (line: CartViewLine) => void;
  clear: () => void;
}

/** What the panel's checkout slot is given; the layout fills the slot (features must not import each other). */
export interface CheckoutSlotProps {
  cart: CheckoutCart;
  closeCart: () => void;
}
export type CheckoutSlot = (cart: CheckoutSlotProps) => ReactNode;

/**
 * The id of the "Added to cart" toast: a new one replaces it, and opening the cart (panel or page)
 * dismisses it, so it never covers the cart's lines or its checkout buttons.
 */
export const CART_ADDED_TOAST = 'cart-added';

export const CartContext = createContext<CartContextValue | null>(null);

/** The cart, signed out (guest_cart) or signed in (server), with the actions and their toasts. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart() needs a <CartProvider> above it');
  return value;
}
