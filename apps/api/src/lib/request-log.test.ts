import { describe, expect, it } from 'vitest';
import { isRoutineRequest } from './request-log.ts';

describe('isRoutineRequest', () => {
  it.each([
    '/api/health',
    '/api/health/live',
    '/api/health/ready',
    '/assets/index-abc123.js',
    '/admin/assets/orders-9f8e.css',
    '/uploads/00000000-0000-4000-8000-000000000000.webp',
    '/demo-images/mug.jpg',
    '/favicon.svg',
    '/robots.txt',
  ])('counts %s as routine (debug)', (url) => {
    expect(isRoutineRequest(url)).toBe(true);
  });

  it.each([
    '/',
    '/products',
    '/product/healthy-snacks',
    '/api/products?search=health',
    '/api/cart/items',
    '/admin/orders',
    '/api/healthy',
  ])('logs %s at info', (url) => {
    expect(isRoutineRequest(url)).toBe(false);
  });
});
