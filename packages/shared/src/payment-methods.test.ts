import { describe, expect, it } from 'vitest';
import { paymentMethodLabel, paymentReceivedText } from './payment-methods.ts';

describe('paymentMethodLabel', () => {
  it('gives each method one label, whatever screen asks', () => {
    expect(paymentMethodLabel('card')).toBe('Card');
    expect(paymentMethodLabel('paypal')).toBe('PayPal');
    expect(paymentMethodLabel('us_bank_account')).toBe('US bank account');
  });

  it('reads an unknown method as words and a missing one as N/A', () => {
    expect(paymentMethodLabel('wechat_pay')).toBe('Wechat pay');
    expect(paymentMethodLabel(null)).toBe('N/A');
    expect(paymentMethodLabel('')).toBe('N/A');
  });
});

describe('paymentReceivedText', () => {
  it('says the amount and the labelled method', () => {
    expect(paymentReceivedText(2500, 'USD', 'card')).toBe('Payment of $25.00 received (Card)');
    expect(paymentReceivedText(2500, 'USD', null)).toBe('Payment of $25.00 received');
  });
});
