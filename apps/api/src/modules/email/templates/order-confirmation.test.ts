import { describe, expect, it } from 'vitest';
import { orderConfirmation } from './order-confirmation.tsx';
import { orderDelivered } from './order-delivered.tsx';
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
});
