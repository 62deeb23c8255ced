import { describe, expect, it } from 'vitest';
import { orderTotalRows } from './order-totals.ts';

const order = {
  subtotal_amount: 2800,
  shipping_amount: 0,
  tax_amount: 447,
  total_amount: 2800,
  discounts: [],
};

describe('orderTotalRows', () => {
  it('states each tax inside the prices under the total, and adds none to it', () => {
    const { rows, included } = orderTotalRows({
      ...order,
      tax_lines: [{ name: 'VAT', rate_bps: 1900, amount: 447, inclusive: true }],
    });
    expect(rows.map((r) => r.kind)).toEqual(['subtotal', 'shipping', 'total']);
    expect(included).toEqual([{ label: 'Includes VAT 19%', name: 'VAT', rate_bps: 1900, amount: 447 }]);
  });

  it('lists added taxes as rows, a fraction of a percent as it is', () => {
    const { rows, included } = orderTotalRows({
      ...order,
      tax_amount: 1498,
      total_amount: 11_498,
      subtotal_amount: 10_000,
      tax_lines: [
        { name: 'GST', rate_bps: 500, amount: 500, inclusive: false },
        { name: 'QST', rate_bps: 997.5, amount: 998, inclusive: false },
      ],
    });
    expect(rows.filter((r) => r.kind === 'tax')).toEqual([
      { kind: 'tax', label: 'GST (5%)', amount: 500 },
      { kind: 'tax', label: 'QST (9.975%)', amount: 998 },
    ]);
    expect(included).toEqual([]);
  });
});
