import { ApiError } from '@cartwheel/shared/api-client';
import { describe, expect, it } from 'vitest';
import {
  formErrorBanner,
  listMessage,
  setApiFieldErrors,
  typedBasisPoints,
  typedMinorUnits,
  typedNumber,
} from './form-input.ts';

describe('typed numbers', () => {
  it('reads empty as null, a number as itself and anything else as NaN', () => {
    expect(typedNumber('  ')).toBeNull();
    expect(typedNumber(' 12 ')).toBe(12);
    expect(typedNumber('12abc')).toBeNaN();
  });

  it('turns an amount into whole minor units of its currency and a percentage into basis points', () => {
    expect(typedMinorUnits('19.99', 'USD')).toBe(1999);
    expect(typedMinorUnits('0.1', 'USD')).toBe(10);
    expect(typedMinorUnits('1.005', 'USD')).toBe(101);
    expect(typedMinorUnits('2800', 'JPY')).toBe(2800);
    expect(typedMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(typedMinorUnits('', 'USD')).toBeNull();
    expect(typedMinorUnits('ten', 'USD')).toBeNaN();
    expect(typedBasisPoints('8.25')).toBe(825);
    expect(typedBasisPoints('x')).toBeNaN();
  });
});

describe('setApiFieldErrors', () => {
  const error = new ApiError(400, 'invalid_request', 'Invalid request', [
    { field: 'body.name', message: 'Name is required' },
    { field: 'body.name', message: 'Name is too long' },
    { field: 'body.countries.2', message: 'Unknown country' },
    { field: 'body.secret', message: 'Not shown' },
    { field: 'querystring.page', message: 'Not a body field' },
  ]);

  it('puts the first message of each body field on the field fieldOf names, focusing the first', () => {
    const calls: unknown[][] = [];
    const placed = setApiFieldErrors(
      (...args: unknown[]) => calls.push(args),
      error,
      (field) => (field === 'secret' ? undefined : field.replace(/^countries\..*/, 'countries')),
    );
    expect(placed).toBe(2);
    expect(calls).toEqual([
      ['name', { type: 'server', message: 'Name is required' }, { shouldFocus: true }],
      ['countries', { type: 'server', message: 'Unknown country' }, { shouldFocus: false }],
    ]);
  });

  it('places nothing for an error without field details', () => {
    expect(setApiFieldErrors(() => undefined, new Error('Network down'))).toBe(0);
  });
});

describe('listMessage', () => {
  it("gives a list's own message, or its root's, before its items'", () => {
    expect(listMessage({ message: 'At most 20', type: 'too_big' })).toBe('At most 20');
    expect(listMessage({ root: { message: 'At most 20 methods' } })).toBe('At most 20 methods');
  });

  it("finds the first item's message unless told not to, without looking into an input", () => {
    const input = { self: null as unknown };
    input.self = input;
    const items = [undefined, { quantity: { message: 'Too many', ref: input } }];
    expect(listMessage(items)).toBe('Too many');
    expect(listMessage(items, false)).toBeUndefined();
    expect(listMessage({ ref: { message: 'not this' } })).toBeUndefined();
    expect(listMessage(undefined)).toBeUndefined();
  });
});

describe('formErrorBanner', () => {
  it('puts each field message on its field once and points the banner at them, never at request paths', () => {
    const set: Record<string, string> = {};
    const setError = (name: string, { message }: { message?: string }) => {
      set[name] = message ?? '';
    };
    const error = new ApiError(
      400,
      'invalid_request',
      "body.methods.0.amount_cents: Price can't be negative; body.url: Enter a valid URL",
      [
        { field: 'body.methods.0.amount_cents', message: "Price can't be negative" },
        { field: 'body.methods.0.amount_cents', message: 'Price must be a whole number' },
        { field: 'body.url', message: 'Enter a valid URL' },
      ],
    );
    expect(formErrorBanner(setError as never, error)).toBe('Check the fields marked below.');
    expect(set).toEqual({ 'methods.0.amount_cents': "Price can't be negative", url: 'Enter a valid URL' });
  });

  it('says a message it cannot place in plain words', () => {
    const error = new ApiError(400, 'invalid_request', 'body.url: Enter a valid URL', [
      { field: 'body.url', message: 'Enter a valid URL' },
    ]);
    expect(
      formErrorBanner(
        () => undefined,
        error,
        () => undefined,
      ),
    ).toBe('Enter a valid URL');
    expect(formErrorBanner(() => undefined, new ApiError(409, 'taken', 'That name is taken'))).toBe(
      'That name is taken',
    );
  });
});
