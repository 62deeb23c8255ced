/**
 * Whether an order's units can be fulfilled, and why not: the one rule the API enforces on
 * POST /fulfil and the back office follows to show "Fulfil items" only when it can apply.
 */
export function fulfilRefusal(
  status: string,
  unitsLeftPerLine: Iterable<number>,
): { code: 'order_cancelled' | 'already_fulfilled'; message: string } | null {
  if (status === 'cancelled')
    return { code: 'order_cancelled', message: "A cancelled order can't be fulfilled" };
  for (const units of unitsLeftPerLine) if (units > 0) return null;
  return { code: 'already_fulfilled', message: 'Order is already fulfilled' };
}
