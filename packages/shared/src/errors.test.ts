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

  it('falls back when there is no message', () => {
    expect(getErrorMessage(new Error(''))).toBe('An unexpected error occurred');
    expect(getErrorMessage('nope')).toBe('An unexpected error occurred');
    expect(getErrorMessage(undefined, 'An error occurred')).toBe('An error occurred');
  });
});
