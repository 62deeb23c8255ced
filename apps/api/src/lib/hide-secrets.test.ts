import { describe, expect, it } from 'vitest';
import { requestForLog } from './hide-secrets.ts';

describe('requestForLog', () => {
  it("writes a request's URL without the tokens of order, reset and verification links", () => {
    const token = 'q3J8x_Zk2mV9-LpT4wY7rN1sD6fH0gB5cE8aU2iO3k';
    const logged = (url: string) =>
      requestForLog({ method: 'GET', url, host: 'shop.test', ip: '10.0.0.1', socket: { remotePort: 5 } });
    expect(logged(`/api/orders/by-link/${token}`)).toEqual({
      method: 'GET',
      url: '/api/orders/by-link/[hidden]',
      version: undefined,
      host: 'shop.test',
      remoteAddress: '10.0.0.1',
      remotePort: 5,
    });
    expect(logged(`/orders/view/${token}`).url).toBe('/orders/view/[hidden]');
    expect(logged('/auth?mode=reset&token=abc.def').url).toBe('/auth?mode=reset&token=[hidden]');
    expect(logged('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2F').url).toBe(
      '/api/auth/verify-email?token=[hidden]&callbackURL=%2F',
    );
    expect(logged('/api/products?limit=20').url).toBe('/api/products?limit=20');
  });
});
