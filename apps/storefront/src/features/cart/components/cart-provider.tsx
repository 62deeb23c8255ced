import type { CartLine, GuestCartLine, GuestCartPreviewLine } from '@cartwheel/shared/contracts/cart';
import { useMe } from '@cartwheel/shared/use-me';
import { toast } from '@cartwheel/ui/lazy-toaster';
import {
  Component,
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAddCartItem } from '../api/add-cart-item.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useServerCart } from '../api/get-cart.ts';
import { useMergeGuestCart } from '../api/merge-guest-cart.ts';
import { useGuestCartPreview } from '../api/preview-guest-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';
import {
  addToGuestCart,
  clearGuestCart,
  pruneGuestCart,
  readGuestCart,
  sameLine,
  setGuestQuantity,
  useGuestCart,
} from '../guest-cart.ts';

// The panel's code (Radix dialog, line rows) loads the first time the cart is opened or hovered.
const loadCartSheet = () => import('./cart-sheet.tsx');
const CartSheet = lazy(() => loadCartSheet().then((m) => ({ default: m.CartSheet })));

/** If the panel's code cannot be loaded (offline, a new release replaced it), say so; keep the page. */
class PanelBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
}

interface CartContextValue {
  mode: 'guest' | 'server';
  lines: CartViewLine[];
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
  itemCount: number;
  closeCart: () => void;
}
export type CheckoutSlot = (cart: CheckoutSlotProps) => ReactNode;

const CartContext = createContext<CartContextValue | null>(null);

/** The cart, signed out (guest_cart) or signed in (server), with the actions and their toasts. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart() needs a <CartProvider> above it');
  return value;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const guestKey = (line: Pick<GuestCartLine, 'product_id' | 'variant_id'>) =>
  `guest:${line.product_id}:${line.variant_id ?? ''}`;

/** Lines whose product or variant is gone for good (not merely out of stock). */
const GONE = new Set(['product_not_found', 'variant_not_found', 'variant_mismatch', 'variant_required']);

/**
 * Holds the cart for the whole storefront and mounts its side panel. When a shopper signs in with
 * lines in `guest_cart`, they are merged into the server cart (quantities added, capped by stock)
 * and `guest_cart` is cleared, so nothing outside this feature needs to know about carts.
 */
export function CartProvider({ children, checkout }: { children: ReactNode; checkout?: CheckoutSlot }) {
  const { user } = useMe();
  const userId = user?.id ?? null;
  const mode = userId ? 'server' : 'guest';

  const guestLines = useGuestCart();
  const serverCart = useServerCart(userId);
  const preview = useGuestCartPreview(guestLines, mode === 'guest');

  const addMutation = useAddCartItem(userId);
  const updateMutation = useUpdateCartItem(userId);
  const removeMutation = useRemoveCartItem(userId);
  const clearMutation = useClearCart(userId);
  const mergeMutation = useMergeGuestCart(userId);

  const [isOpen, setIsOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const [pendingKeys, setPendingKeys] = useState<ReadonlySet<string>>(new Set());
  const triggerRef = useRef<HTMLButtonElement | null>(null);

  const setOpen = useCallback((open: boolean) => {
    if (open) setPanelLoaded(true);
    setIsOpen(open);
  }, []);
  const preload = useCallback(() => {
    void loadCartSheet();
  }, []);

  const markPending = useCallback((key: string, pending: boolean) => {
    setPendingKeys((prev) => {
      const next = new Set(prev);
      if (pending) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  // Merge the guest cart once per sign-in. A failed merge keeps guest_cart for the next try.
  const mergedFor = useRef<string | null>(null);
  const { mutate: merge } = mergeMutation;
  useEffect(() => {
    if (!userId || guestLines.length === 0 || mergedFor.current === userId) return;
    mergedFor.current = userId;
    merge(guestLines, {
      onSuccess: (result) => {
        // Only what was sent: a line added meanwhile in another tab stays for the next merge.
        const sent = guestLines;
        const rest = readGuestCart().filter((line) => !sent.some((s) => sameLine(s, line)));
        if (rest.length) pruneGuestCart(sent);
        else clearGuestCart();
        const notes = [...result.capped, ...result.skipped].map((p) => p.message);
        if (notes.length) {
          toast.info('Some items in your cart changed', { description: [...new Set(notes)].join('. ') });
        }
      },
      onError: () => {
        mergedFor.current = null;
      },
    });
  }, [userId, guestLines, merge]);

  // Guest lines whose product has gone (deleted, hidden, variants changed) are dropped quietly.
  useEffect(() => {
    const gone = preview.data?.skipped.filter((s) => GONE.has(s.code)) ?? [];
    if (gone.length)
      pruneGuestCart(gone.map((s) => ({ product_id: s.product_id, variant_id: s.variant_id })));
  }, [preview.data]);

  const lines = useMemo<CartViewLine[]>(() => {
    if (mode === 'server') {
      return (serverCart.data?.items ?? []).map(({ id, created_at: _created, ...details }) => ({
        key: id,
        itemId: id,
        guestIndex: null,
        quantity: details.quantity,
        details,
        lineTotal: details.line_total,
      }));
    }
    const priced = preview.data?.items ?? [];
    return guestLines
      .map((line, index) => {
        const found = priced.find((p) => sameLine(p, line));
        const details = found ? { ...found, quantity: line.quantity } : null;
        return {
          key: guestKey(line),
          itemId: null,
          guestIndex: index,
          quantity: line.quantity,
          details,
          lineTotal: details ? details.unit_price * line.quantity : 0,
        };
      })
      .reverse(); // newest first, like the server cart
  }, [mode, serverCart.data, preview.data, guestLines]);

  const itemCount =
    mode === 'server'
      ? (serverCart.data?.item_count ?? 0)
      : guestLines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);

  const addItem = useCallback(
    async (input: AddToCartInput): Promise<boolean> => {
      const viewCart = { label: 'View cart', onClick: () => setOpen(true) };
      if (mode === 'guest') {
        const result = addToGuestCart(
          { product_id: input.product_id, variant_id: input.variant_id, quantity: input.quantity },
          input.available,
        );
        if (!result.ok) {
          toast.error(`Failed to add to cart: ${result.message}`);
          return false;
        }
        toast.success('Added to cart', {
          description: result.capped
            ? `Only ${input.available} in stock: quantity set to ${result.quantity}`
            : undefined,
          action: viewCart,
        });
        return true;
      }
      try {
        const change = await addMutation.mutateAsync({
          product_id: input.product_id,
          variant_id: input.variant_id,
          quantity: input.quantity,
        });
        if (change.added <= 0) {
          toast.error(`Failed to add to cart: ${change.message ?? 'This product is out of stock'}`);
          return false;
        }
        toast.success('Added to cart', { description: change.message ?? undefined, action: viewCart });
        return true;
      } catch (error) {
        toast.error(`Failed to add to cart: ${messageOf(error)}`);
        return false;
      }
    },
    [mode, addMutation, setOpen],
  );

  const removeItem = useCallback(
    (line: CartViewLine) => {
      if (line.guestIndex !== null) {
        setGuestQuantity(line.guestIndex, 0);
        toast.success('Removed from cart');
        return;
      }
      if (!line.itemId) return;
      markPending(line.key, true);
      removeMutation.mutate(line.itemId, {
        onSuccess: () => toast.success('Removed from cart'),
        onError: (error) => toast.error(`Failed to remove from cart: ${error.message}`),
        onSettled: () => markPending(line.key, false),
      });
    },
    [removeMutation, markPending],
  );

  const setQuantity = useCallback(
    (line: CartViewLine, quantity: number) => {
      if (quantity <= 0) {
        removeItem(line);
        return;
      }
      if (line.guestIndex !== null) {
        const available = line.details?.available;
        const capped = available !== undefined && quantity > available && available > 0;
        setGuestQuantity(line.guestIndex, capped ? available : quantity);
        if (capped) toast.info(`Only ${available} in stock: quantity set to ${available}`);
        return;
      }
      if (!line.itemId) return;
      markPending(line.key, true);
      updateMutation.mutate(
        { itemId: line.itemId, quantity },
        {
          onSuccess: (change) => {
            if (change.capped && change.message) toast.info(change.message);
          },
          onError: (error) => toast.error(`Failed to update cart: ${error.message}`),
          onSettled: () => markPending(line.key, false),
        },
      );
    },
    [removeItem, updateMutation, markPending],
  );

  const clear = useCallback(() => {
    if (mode === 'guest') {
      clearGuestCart();
      toast.success('Cart cleared');
      return;
    }
    clearMutation.mutate(undefined, {
      onSuccess: () => toast.success('Cart cleared'),
      onError: (error) => toast.error(`Failed to update cart: ${error.message}`),
    });
  }, [mode, clearMutation]);

  const value: CartContextValue = {
    mode,
    lines,
    itemCount,
    subtotal,
    isLoading: mode === 'server' ? serverCart.isPending : preview.isPending && guestLines.length > 0,
    error: (mode === 'server' ? serverCart.error : preview.error) ?? null,
    pendingKeys,
    isAdding: addMutation.isPending,
    isClearing: clearMutation.isPending,
    isOpen,
    setOpen,
    triggerRef,
    preload,
    addItem,
    setQuantity,
    removeItem,
    clear,
  };

  return (
    <CartContext.Provider value={value}>
      {children}
      {panelLoaded ? (
        <PanelBoundary
          onError={() => {
            setIsOpen(false);
            toast.error('Could not open the cart. Please reload the page.');
          }}
        >
          <Suspense fallback={null}>
            <CartSheet checkout={checkout} />
          </Suspense>
        </PanelBoundary>
      ) : null}
    </CartContext.Provider>
  );
}
