import { api } from '@cartwheel/shared/api-client';
import type { GuestCartLine } from '@cartwheel/shared/contracts/cart';
import type { CheckoutQuoteBody } from '@cartwheel/shared/contracts/checkout';
import type { GiftCardRecipientInput } from '@cartwheel/shared/contracts/gift-card-lines';
import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import type { ImageSource } from '@cartwheel/shared/images';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A cart line's name and image for the checkout's order summary. */
export interface CheckoutLineName {
  name: string;
  variantTitle: string | null;
  image: ImageSource | null;
  /** A gift card's recipient and send date (decision 0094). */
  giftCard?: GiftCardRecipientInput | null;
}

/** The cart as checkout and its quotes need it (the cart feature makes it, the checkout reads it). */
export interface CheckoutCart {
  /** The signed-in user, or null for a guest. */
  userId: string | null;
  itemCount: number;
  /** A guest's lines, sent with the quote and the checkout; null when signed in (the server has the cart). */
  guestLines: GuestCartLine[] | null;
  /** Line names by the price calculation's line key (the server line id, or `productId:variantId`). */
  lineNames: Record<string, CheckoutLineName>;
  /** Changes whenever the lines or their quantities do, so a quote is asked for again. */
  signature: string;
}

/** What a quote is asked for: the server prices the signed-in cart itself; a guest sends the lines. */
export type QuoteRequest = CheckoutQuoteBody;

export function quoteCheckout(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteResponse> {
  return api.post<QuoteResponse>('/api/checkout/quote', request, { signal });
}

/** Query keys of quotes; invalidate `all` when the cart changes. */
export const quoteKeys = {
  all: ['checkout-quote'] as const,
  quote: (userId: string | null, cart: string, request: QuoteRequest) =>
    ['checkout-quote', userId, cart, request] as const,
};

const QUOTE_DEBOUNCE_MS = 300;

/**
 * The cart priced by the server for a destination, method and code (lines, discounts, shipping, tax,
 * total). Asked again, debounced, whenever one of them changes; the last answer stays on screen while
 * the next one loads. `request` null: nothing to price yet. `cart` names the cart's contents (its lines
 * and quantities), so a change to the server cart asks again too.
 */
export function useCheckoutQuote(userId: string | null, cart: string, request: QuoteRequest | null) {
  const settled = useDebounced(request, QUOTE_DEBOUNCE_MS);
  // Keyed by the request as it is now, asked once it has settled: while a change waits out the
  // debounce the last answer shows as a placeholder (isPlaceholderData), so the summary says it is
  // updating instead of passing an answer for the old request off as current.
  return useQuery({
    queryKey: quoteKeys.quote(userId, cart, request ?? { country: '' }),
    queryFn: ({ signal }) => quoteCheckout(request!, signal),
    enabled: request !== null && JSON.stringify(settled) === JSON.stringify(request),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
