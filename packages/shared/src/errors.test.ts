import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { getErrorMessage } from './errors.ts';

describe('getErrorMessage', () => {
  it("gives an error's own message", () => {
    expect(getErrorMessage(new ApiError(409, 'conflict', 'the last admin cannot be removed'))).toBe(
      'the last admin cannot be removed',
    );
    expect(getErrorMessage(new Error('boom'))).toBe('boom');
  });

  it("says a refused request's field messages in plain words, once each, without their paths", () => {
    const refused = new ApiError(
      400,
      'invalid_request',
      "body.methods.0.amount_cents: Price can't be negative; body.methods.1.amount_cents: Price can't be negative; body.url: Enter a valid URL",
      [
        { field: 'body.methods.0.amount_cents', message: "Price can't be negative" },
        { field: 'body.methods.1.amount_cents', message: "Price can't be negative" },
        { field: 'body.url', message: 'Enter a valid URL' },
      ],
    );
    expect(getErrorMessage(refused)).toBe("Price can't be negative; Enter a valid URL");
    // Other errors' details are theirs: the message stays the server's.
    const imported = new ApiError(422, 'import_invalid', 'The file has 2 errors', { errors: [] });
    expect(getErrorMessage(imported)).toBe('The file has 2 errors');
  });

  it('falls back when there is no message', () => {
    expect(getErrorMessage(new Error(''))).toBe('An unexpected error occurred');
    expect(getErrorMessage('nope')).toBe('An unexpected error occurred');
    expect(getErrorMessage(undefined, 'An error occurred')).toBe('An error occurred');
  });
});
