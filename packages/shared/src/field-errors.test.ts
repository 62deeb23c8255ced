import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiFieldErrors } from './field-errors.ts';

describe('apiFieldErrors', () => {
  const error = new ApiError(400, 'invalid_request', 'x', [
    { field: 'body.customer_info.email', message: 'Enter a valid email address' },
    { field: 'body.discount_code', message: 'Too long' },
    { field: 'querystring.page', message: 'no' },
    'garbage',
  ]);

  it('keeps the fields under the prefix, relative to it', () => {
    expect(apiFieldErrors(error, 'body.customer_info.')).toEqual([
      { field: 'email', message: 'Enter a valid email address' },
    ]);
    expect(apiFieldErrors(error).map((e) => e.field)).toEqual(['customer_info.email', 'discount_code']);
  });

  it('gives nothing for other errors', () => {
    expect(apiFieldErrors(new Error('x'))).toEqual([]);
    expect(apiFieldErrors(new ApiError(500, 'internal_error', 'x'))).toEqual([]);
  });
});
