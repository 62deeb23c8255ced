import type { discounts } from './discounts.schema.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo shop's discount codes: one of each common kind, and one that has ended, so a visitor can
 * try a working code and see a refused one. No automatic discount: it would change every demo price.
 */
export function demoDiscounts(now: Date): Array<typeof discounts.$inferInsert> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      title: 'Welcome 10% off',
      code: 'WELCOME10',
      kind: 'percentage',
      percentBps: 1000,
      oncePerCustomer: true,
    },
    {
      title: '$15 off orders of $100 or more',
      code: 'SAVE15',
      kind: 'fixed_amount',
      amountCents: 1500,
      minSubtotalCents: 10_000,
    },
    { title: 'Free shipping', code: 'FREESHIP', kind: 'free_shipping' },
    {
      title: 'Spring sale 25% off',
      code: 'SPRING25',
      kind: 'percentage',
      percentBps: 2500,
      startsAt: at(-120),
      endsAt: at(-60),
    },
  ];
}

/** One of the demo shop's discounts, as inserted. */
export type DemoDiscount = ReturnType<typeof demoDiscounts>[number];
