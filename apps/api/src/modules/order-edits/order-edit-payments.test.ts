import { describe, expect, it } from 'vitest';
import { editPaymentUrl, verifyEditToken } from './order-edit-payments.ts';

const config = { authSecret: 'a-test-secret-of-at-least-32-characters!!', publicUrl: 'https://shop.example' };
const editId = '0f8b6f64-3c1e-4c4a-9a4e-2b1d3c4e5f60';
const tokenOf = (url: string) => url.slice(`${config.publicUrl}/order-payments/`.length);

describe('the payment link of an amount due', () => {
  it('opens its own edit and nothing else', () => {
    const token = tokenOf(editPaymentUrl(config, editId, new Date()));
    expect(verifyEditToken(config, token)).toBe(editId);
    const other = '1f8b6f64-3c1e-4c4a-9a4e-2b1d3c4e5f60';
    expect(verifyEditToken(config, token.replace(editId, other))).toBeNull();
    const flipped = token.endsWith('A') ? 'B' : 'A';
    expect(verifyEditToken(config, `${token.slice(0, -1)}${flipped}`)).toBeNull();
    expect(
      verifyEditToken({ ...config, authSecret: 'another-secret-of-at-least-32-characters' }, token),
    ).toBeNull();
    expect(verifyEditToken(config, `${token}.x`)).toBeNull();
  });

  it('stops opening once it expires', () => {
    const token = tokenOf(editPaymentUrl(config, editId, new Date()));
    const later = Date.now() + 31 * 24 * 60 * 60 * 1000;
    expect(verifyEditToken(config, token, later)).toBeNull();
  });
});
