// The demo shop's gift card: the code a visitor can try at checkout and on the balance page.
import { issueGiftCard } from '../../modules/gift-cards/gift-cards.service.ts';
import type { Tx } from '../client.ts';

/** The demo shop's gift card, worth $25.00 (USD). */
export const DEMO_GIFT_CARD_CODE = 'GIFT-DEMO-2500';

/** Issues the demo's active gift card. */
export async function seedDemoGiftCards(tx: Tx): Promise<void> {
  await issueGiftCard(tx, {
    code: DEMO_GIFT_CARD_CODE,
    amount: 2500,
    currency: 'USD',
    note: 'Demo gift card',
  });
}
