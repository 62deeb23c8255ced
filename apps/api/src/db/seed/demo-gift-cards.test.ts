import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { findByCode } from '../../modules/gift-cards/gift-cards.service.ts';
import { DEMO_GIFT_CARD_CODE, seedDemoGiftCards } from './demo-gift-cards.ts';

const suite = appPerFile();

describe('seedDemoGiftCards', () => {
  it('issues an active GIFT-DEMO-2500 worth $25.00, found however the code is typed', async () => {
    await suite.ctx.db.transaction((tx) => seedDemoGiftCards(tx));
    expect(DEMO_GIFT_CARD_CODE).toBe('GIFT-DEMO-2500');
    expect(await findByCode(suite.ctx.db, 'gift demo 2500')).toMatchObject({
      balance: 2500,
      currency: 'USD',
      usable: true,
      last_characters: '2500',
    });
  });
});
