import { toast } from '@cartwheel/ui/lazy-toaster';
import {
  Component,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useRef,
  useState,
} from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { CART_ADDED_TOAST, type CheckoutSlot } from './cart-context.ts';

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

export interface CartPanelState {
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  /** The header button, to return focus to when the panel closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** Starts loading the panel's code (on hover or focus of the cart button). */
  preload: () => void;
  /** Whether the panel has been opened once (its code is mounted from then on). */
  isMounted: boolean;
}

/** The side panel's open state; the panel is mounted the first time it opens. */
export function useCartPanel(): CartPanelState {
  const [isOpen, setIsOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const setOpen = useCallback((open: boolean) => {
    if (open) {
      setIsMounted(true);
      toast.dismiss(CART_ADDED_TOAST);
    }
    setIsOpen(open);
  }, []);
  const preload = useCallback(() => {
    void loadCartSheet();
  }, []);
  return { isOpen, setOpen, triggerRef, preload, isMounted };
}

/** The cart's side panel, once it has been opened; closed again with a toast if its code fails to load. */
export function CartPanel({
  panel,
  checkout,
}: {
  panel: CartPanelState;
  checkout: CheckoutSlot | undefined;
}) {
  const t = useT();
  if (!panel.isMounted) return null;
  return (
    <PanelBoundary
      onError={() => {
        panel.setOpen(false);
        toast.error(t('cart.openFailed'));
      }}
    >
      <Suspense fallback={null}>
        <CartSheet checkout={checkout} />
      </Suspense>
    </PanelBoundary>
  );
}
