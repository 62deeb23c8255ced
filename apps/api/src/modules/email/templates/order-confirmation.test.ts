import { describe, expect, it } from 'vitest';
import { orderCancelled } from './order-cancelled.tsx';
import { orderConfirmation } from './order-confirmation.tsx';
import { orderDelivered } from './order-delivered.tsx';
import { orderRefunded } from './order-refunded.tsx';
import { orderShipped } from './order-shipped.tsx';
import { renderTemplate } from './render.tsx';

const shop = {
  name: 'Northpine',
  logoUrl: 'https://shop.example.com/logo.png',
  publicUrl: 'https://shop.example.com',
};

describe("the order confirmation in the customer's language", () => {
  it.each([
    ['de', 'Ihre Bestellung #1042 bei Northpine ist bestätigt', 'Hallo Alex,', 'Bestellung ansehen'],
    ['ja', '【Northpine】ご注文（#1042）を承りました', 'Alex 様', 'ご注文内容を見る'],
    ['fr-CA', 'Votre commande n° 1042 chez Northpine est confirmée', 'Bonjour Alex,', 'Voir votre commande'],
  ])('%s: subject, greeting and body from the catalog', async (locale, subject, greeting, button) => {
    const sample = orderConfirmation.sample(shop);
    const email = await renderTemplate(
      orderConfirmation,
      { ...sample, order: { ...sample.order, locale } },
      {
        shop,
        subject: 'The shop’s own English subject',
      },
    );
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(greeting);
    expect(email.text).toContain(button);
    expect(email.html).toContain(`lang="${locale}"`);
  });

  it("stays in English, with the shop's own subject, for an English order", async () => {
    const sample = orderConfirmation.sample(shop);
    const email = await renderTemplate(
      orderConfirmation,
      { ...sample, order: { ...sample.order, locale: 'en' } },
      {
        shop,
        subject: 'Order {order_number} from {shop_name}',
      },
    );
    expect(email.subject).toBe('Order 1042 from Northpine');
    expect(email.text).toContain('View your order');
    expect(email.text).toContain('Subtotal');
  });
});

describe('the order confirmation of a discounted order', () => {
  it("shows each line at its price with its discount and line total, and the order's discounts as rows that add up", async () => {
    const sample = orderConfirmation.sample(shop);
    const order = {
      ...sample.order,
      locale: 'en',
      subtotal_amount: 7400,
      shipping_amount: 500,
      shipping_method: 'Standard',
      total_amount: 7360,
      discounts: [{ code: 'SAVE10', title: '10% off mugs', amount: 540, shipping_amount: 0 }],
      items: [
        {
          product_name: 'Stoneware Mug',
          variant_title: 'Blue',
          product_sku: 'MUG-BLUE',
          image_url: '/uploads/mug-blue.webp',
          quantity: 1,
          price_per_item: 5400,
          discount_amount: 540,
          total_amount: 4860,
        },
        {
          product_name: 'Tea Towel',
          variant_title: null,
          product_sku: 'TOWEL',
          quantity: 2,
          price_per_item: 1000,
          discount_amount: 0,
          total_amount: 2000,
        },
      ],
    };
    const email = await renderTemplate(orderConfirmation, { ...sample, order }, { shop });
    const text = email.text.replace(/\s+/g, ' ');
    expect(text).toContain('- Stoneware Mug (Blue) (SKU MUG-BLUE): $54.00 x 1 = $54.00');
    expect(text).toContain('Discount: −$5.40, line total $48.60');
    expect(text).toContain('- Tea Towel (SKU TOWEL): $10.00 x 2 = $20.00');
    // One discount note: the undiscounted line has none.
    expect(text.match(/line total/g)).toHaveLength(1);
    expect(text).toContain('Subtotal: $74.00');
    expect(text).toContain('Discount (SAVE10): −$5.40');
    expect(text).toContain('Shipping (Standard): $5.00');
    expect(text).toContain('Total: $73.60');
    expect(email.html).toContain('Discount: −$5.40, line total $48.60');
    // The chosen variant's picture beside its line, by an address a mail client can load.
    expect(email.html).toContain('src="https://shop.example.com/uploads/mug-blue.webp"');
    // The towel line has no image: no picture beside it.
    expect(email.html.match(/<img [^>]*\/uploads\//g)).toHaveLength(1);
  });

  it('says the line discount in German', async () => {
    const sample = orderConfirmation.sample(shop);
    const [item] = sample.order.items;
    const order = {
      ...sample.order,
      locale: 'de',
      items: [{ ...item!, discount_amount: 500, total_amount: 4500 }],
    };
    const email = await renderTemplate(orderConfirmation, { ...sample, order }, { shop });
    expect(email.text.replace(/\s+/g, ' ')).toMatch(/Rabatt: −5,00 \$, Positionssumme 45,00 \$/);
  });
});

describe("the after-sale emails in the order's language", () => {
  it('says a shipment left in German, with its carrier and contents', async () => {
    const sample = orderShipped.sample(shop);
    const email = await renderTemplate(orderShipped, { ...sample, complete: false, locale: 'de' }, { shop });
    expect(email.subject).toBe('Ihre Bestellung #1042 bei Northpine ist unterwegs');
    expect(email.text).toContain('Ein Teil Ihrer Bestellung #1042 ist auf dem Weg zu Ihnen.');
    expect(email.text).toContain('Versanddienstleister: UPS. Sendungsnummer: 1Z999AA10123456784.');
    expect(email.text).toContain('Sendung verfolgen');
  });

  it('says the order was delivered in Spanish, and in English without a locale', async () => {
    const sample = orderDelivered.sample(shop);
    const spanish = await renderTemplate(orderDelivered, { ...sample, locale: 'es' }, { shop });
    expect(spanish.subject).toBe('Tu pedido n.º 1042 en Northpine se ha entregado');
    expect(spanish.text).toContain('Hola, Alex:');
    expect(spanish.text).toContain('Ver tu pedido');
    const english = await renderTemplate(orderDelivered, sample, { shop });
    expect(english.subject).toBe('Your Northpine order #1042 was delivered');
    expect(english.text).toContain('Hi Alex,');
  });

  it('says the order was cancelled and refunded in French, in euros', async () => {
    const sample = orderCancelled.sample(shop);
    const email = await renderTemplate(
      orderCancelled,
      { ...sample, locale: 'fr', currency: 'EUR' },
      { shop },
    );
    expect(email.subject).toBe('Votre commande n° 1042 chez Northpine a été annulée');
    expect(email.text).toMatch(/Nous vous avons remboursé 55,99\s€ sur votre moyen de paiement d’origine/);
    const unpaid = await renderTemplate(orderCancelled, { ...sample, refunded_amount: 0 }, { shop });
    expect(unpaid.text).toContain('If you have any questions, reply to this email.');
  });

  it('says a full refund in Japanese, in yen, and in English with the same facts', async () => {
    const sample = {
      ...orderRefunded.sample(shop),
      full: true,
      amount: 4200,
      currency: 'JPY',
      shipping_amount: 800,
    };
    const japanese = await renderTemplate(orderRefunded, { ...sample, locale: 'ja' }, { shop });
    expect(japanese.subject).toBe('【Northpine】ご注文（#1042）の返金について');
    expect(japanese.text).toContain('￥4,200 を返金いたしました（ご注文の全額を返金済みです）');
    expect(japanese.text).toContain('送料：￥800');
    const english = await renderTemplate(
      orderRefunded,
      { ...sample, currency: 'USD', amount: 2500 },
      { shop },
    );
    expect(english.text).toContain(
      'We have refunded $25.00 for your order #1042 to your original payment method: the order is fully refunded.',
    );
    expect(english.text).toContain('Shipping: $8.00');
  });
});
