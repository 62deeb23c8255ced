import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

// The shop open in several tabs of one browser: when one tab learns that server data changed (its cart
// was edited, a payment went through in the payment page's tab), the others are told which cached
// queries are out of date and fetch them again, so no tab shows an old cart or order list until it is
// reloaded. A guest's cart lives in localStorage and follows `storage` events (features/cart/guest-cart.ts).

const CHANNEL_NAME = 'cartwheel-queries';

interface StaleMessage {
  type: 'stale';
  keys: QueryKey[];
}

let channel: BroadcastChannel | null | undefined;

/** One channel per tab: a channel never receives its own messages, so a tab is not told what it did. */
function tabsChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

/** Tells the shop's other tabs in this browser that the data under these query keys changed. */
export function tellOtherTabs(keys: QueryKey[]): void {
  if (keys.length === 0) return;
  const message: StaleMessage = { type: 'stale', keys };
  try {
    tabsChannel()?.postMessage(message);
  } catch {
    // a closed channel (the page is going away): nothing to keep in step
  }
}

/** Marks the queries under these keys stale here (refetching those on screen) and in the other tabs. */
export function invalidateEverywhere(queryClient: QueryClient, keys: QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  tellOtherTabs(keys);
}

/** Only well-formed messages: any script of this origin may post on the channel. */
function staleKeys(data: unknown): QueryKey[] {
  if (typeof data !== 'object' || data === null) return [];
  const { type, keys } = data as Partial<StaleMessage>;
  if (type !== 'stale' || !Array.isArray(keys)) return [];
  return keys.filter((key): key is QueryKey => Array.isArray(key) && key.length > 0);
}

/** Refetches what another tab says is out of date; mounted once, in the app shell. */
export function useTabSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const current = tabsChannel();
    if (!current) return;
    const onMessage = (event: MessageEvent) => {
      for (const queryKey of staleKeys(event.data)) void queryClient.invalidateQueries({ queryKey });
    };
    current.addEventListener('message', onMessage);
    return () => current.removeEventListener('message', onMessage);
  }, [queryClient]);
}
