import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver, localizedResolver } from './localized-resolver.ts';

type Values = { email: string };

const refuseEmail: Resolver<Values> = async (values) => ({
  values: {},
  errors: { email: { type: 'format', message: `Bad: ${values.email}` } },
});

describe('form resolvers', () => {
  it('loads a lazy resolver with the first check, not before, and answers what it answers', async () => {
    const load = vi.fn(async () => refuseEmail);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    const result = await resolver({ email: 'x' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(load).toHaveBeenCalledOnce();
    expect(result.errors).toEqual({ email: { type: 'format', message: 'Bad: x' } });
  });

  it('passes every message of a resolver through the translation', async () => {
    const resolver = localizedResolver(
      lazyResolver(async () => refuseEmail),
      (m) => m.toUpperCase(),
    );
    const result = await resolver({ email: 'x' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({ email: { type: 'format', message: 'BAD: X' } });
  });
});
