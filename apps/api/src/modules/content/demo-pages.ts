import type { contentPages } from './content.schema.ts';

type NewPage = typeof contentPages.$inferInsert;

const ABOUT = `Cartwheel started with a simple idea: good everyday things should be easy to find, fairly priced and delivered without fuss.

## What we sell

We pick every product ourselves, from kitchen basics to gear for the weekend. If we would not use it at home, it does not go in the shop.

## How we work

- **Fair prices.** We price each product from what it costs us, not from what the market will bear.
- **Honest descriptions.** Sizes, materials and care instructions are on every product page.
- **Real people.** Questions go to our small team, and we answer within one working day.

Thank you for shopping with us.`;

const SHIPPING = `## Shipping

We ship to every address in the United States. Orders placed before 2 p.m. (Eastern) on a working day leave our warehouse the same day.

| Method | Delivery time | Cost |
|---|---|---|
| Standard | 3–5 working days | $5.99, free on orders over $50 |
| Express | 1–2 working days | $14.99 |

You get an email with a tracking link as soon as your parcel ships.

## Returns

Changed your mind? Return any unused item in its original packaging within **30 days** of delivery for a full refund.

1. Write to us with your order number and the items you are sending back.
2. We reply with a prepaid return label.
3. Once the parcel reaches us, we refund the original payment method within 5 working days.

Items that arrive damaged or faulty are replaced or refunded at our cost, including shipping.`;

const PRIVACY = `This notice explains what personal data we keep when you shop with us, and why.

## What we collect

- **Your account:** name, email address and a securely hashed password.
- **Your orders:** the items, the shipping address and the amounts paid. Card details are handled by our payment provider and never reach our servers.
- **Marketing choices:** whether you agreed to receive our emails. You can unsubscribe from any email with one click.

## Why we keep it

We use your data to deliver your orders, to answer your questions and, only if you agreed, to send you news and offers. We never sell your data.

## How long we keep it

Order records are kept for as long as the law requires for accounting (usually seven years). You can ask us to delete your account at any time.

## Your rights

You may ask for a copy of your data, have it corrected or have it deleted. Write to us and we answer within 30 days.`;

const TERMS = `These terms apply to every order placed on this store.

## Orders and prices

Prices are shown in US dollars and include any discount you applied at checkout. A contract is formed when we confirm your payment by email. If an item turns out to be out of stock after you paid, we refund it in full.

## Payment

We accept the payment methods shown at checkout. Your payment is taken when you place the order.

## Delivery and returns

Delivery times and our 30-day return policy are described on the Shipping & Returns page.

## Liability

We are responsible for delivering products that match their description. Nothing in these terms limits your rights as a consumer under the law.

## Changes

We may update these terms; the version in force when you placed your order applies to it.`;

/** The demo shop's pages: About, Shipping & Returns, Privacy and Terms, published. */
export function demoPages(now: Date): NewPage[] {
  const page = (title: string, slug: string, body: string, seoDescription: string): NewPage => ({
    title,
    slug,
    body,
    seoTitle: '',
    seoDescription,
    published: true,
    createdAt: now,
    updatedAt: now,
  });
  return [
    page('About us', 'about', ABOUT, 'Who we are, what we sell and how we work.'),
    page(
      'Shipping & Returns',
      'shipping-returns',
      SHIPPING,
      'Delivery times and costs, and how to return an item within 30 days.',
    ),
    page('Privacy Policy', 'privacy', PRIVACY, 'What personal data we keep when you shop with us, and why.'),
    page('Terms of Service', 'terms', TERMS, 'The terms that apply to every order placed on this store.'),
  ];
}
