import type { ChangeFeed, ChangeHandler } from '../src/lib/change-feed.ts';

/** A change feed the test announces changes on by hand (`announce(payload)`, every channel). */
export function handFeed(live = true) {
  const handlers: ChangeHandler[] = [];
  const feed: ChangeFeed = {
    live,
    on: (_channel, handler) => void handlers.push(handler),
    sync: async () => {},
  };
  const announce = (payload: string | null = '') => {
    for (const handler of handlers) handler(payload);
  };
  return { feed, announce };
}
