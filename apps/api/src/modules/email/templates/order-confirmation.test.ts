import { describe, expect, it } from 'vitest';
import { orderConfirmation } from './order-confirmation.tsx';
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
