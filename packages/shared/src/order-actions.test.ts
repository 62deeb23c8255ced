import { describe, expect, it } from 'vitest';
import { fulfilRefusal } from './order-actions.ts';

describe('fulfilRefusal', () => {
  it('allows an open order with a unit left, refuses a cancelled one and one with nothing left', () => {
    expect(fulfilRefusal('processing', [0, 1])).toBeNull();
    expect(fulfilRefusal('cancelled', [2])?.code).toBe('order_cancelled');
    expect(fulfilRefusal('shipped', [0, 0])?.code).toBe('already_fulfilled');
  });
});
