import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readListParams, writeListParams } from './use-list-params.ts';

const schema = z.object({
  page: z.coerce.number().int().min(1),
  search: z.string(),
  status: z.string().transform((s) => s.split(',').filter((part) => part === 'a' || part === 'b')),
  sort: z.enum(['created_at', 'name']),
  dir: z.enum(['asc', 'desc']),
});
const defaults: z.output<typeof schema> = {
  page: 1,
  search: '',
  status: [],
  sort: 'created_at',
  dir: 'desc',
};

describe('readListParams', () => {
  it('parses each parameter and falls back to its default when one is missing or invalid', () => {
    const query = new URLSearchParams('page=0&search=red%20&status=a,x,b&sort=name');
    expect(readListParams(schema, defaults, query)).toEqual({
      page: 1,
      search: 'red ',
      status: ['a', 'b'],
      sort: 'name',
      dir: 'desc',
    });
  });
});

describe('writeListParams', () => {
  it('leaves out defaults and empty values, and joins arrays with commas', () => {
    const query = writeListParams({ ...defaults, page: 3, status: ['a', 'b'] }, defaults);
    expect(query.toString()).toBe('page=3&status=a%2Cb');
  });

  it('writes a group whole when one of its keys differs from its default', () => {
    const query = writeListParams({ ...defaults, dir: 'asc' }, defaults, [['sort', 'dir']]);
    expect(query.toString()).toBe('sort=created_at&dir=asc');
  });
});
