import { describe, expect, it } from 'vitest';
import { receiptQueryOptions } from './get-receipt.ts';

type Interval = (query: { state: { data?: { state: string } } }) => number | false;

describe('the receipt query', () => {
  it('asks again while the payment is being confirmed, and stops once it is paid or failed', () => {
    const interval = receiptQueryOptions('token').refetchInterval as unknown as Interval;
    expect(interval({ state: { data: { state: 'processing' } } })).toBeGreaterThan(0);
    expect(interval({ state: { data: { state: 'paid' } } })).toBe(false);
    expect(interval({ state: { data: { state: 'failed' } } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });
});
