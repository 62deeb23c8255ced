import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storedOverDefaults } from './stored-settings.ts';

const read = storedOverDefaults(z.object({ name: z.string().min(1), days: z.number().int() }));
const defaults = { name: 'Shop', days: 30 };

describe('storedOverDefaults', () => {
  it('puts the stored fields over the defaults, field by field', () => {
    expect(read({ days: 14 }, defaults)).toEqual({ name: 'Shop', days: 14 });
    expect(read({ name: 'Mine', days: 7 }, defaults)).toEqual({ name: 'Mine', days: 7 });
  });

  it('answers the defaults when nothing is stored or the stored value no longer parses', () => {
    expect(read(undefined, defaults)).toEqual(defaults);
    expect(read(null, defaults)).toEqual(defaults);
    expect(read({ name: '', days: 14 }, defaults)).toEqual(defaults);
    expect(read('not an object', defaults)).toEqual(defaults);
  });
});
