import { describe, expect, it } from 'vitest';
import { discountForm, emptyDraft } from './discount-draft.ts';

const issues = (values: Parameters<ReturnType<typeof discountForm>['safeParse']>[0]) => {
  const result = discountForm('USD').safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('discountForm', () => {
  it("puts the contract's messages on the form's fields, cross-field ones included", () => {
    expect(issues({ ...emptyDraft(), title: ' ', percent_bps: '0' })).toEqual([
      ['title', 'Title is required'],
      ['percent_bps', 'Percentage must be more than 0%'],
    ]);
    expect(issues({ ...emptyDraft(), title: 'Ten off', kind: 'fixed_amount' })).toEqual([
      ['amount_cents', 'Amount is required'],
    ]);
    expect(issues({ ...emptyDraft(), title: 'Ten', usage_limit: 'lots' })).toEqual([
      ['usage_limit', 'Usage limit must be a number'],
    ]);
  });

  it('gives the body: amounts in cents, percentages in basis points, only what the kind uses', () => {
    const result = discountForm('USD').parse({
      ...emptyDraft(),
      title: 'Autumn',
      code: 'autumn15',
      percent_bps: '12.5',
      amount_cents: '9.99',
      min_subtotal_cents: '50',
    });
    expect(result).toMatchObject({
      title: 'Autumn',
      code: 'AUTUMN15',
      kind: 'percentage',
      percent_bps: 1250,
      amount_cents: null,
      buy_quantity: null,
      min_subtotal_cents: 5000,
      usage_limit: null,
    });
  });
});
