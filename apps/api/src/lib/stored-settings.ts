import type { z } from 'zod';

/**
 * The reader of a settings row kept as JSON: its stored fields over `defaults`, field by field; a
 * stored value that no longer parses is ignored. The partial schema is built once, not per read: zod
 * compiles a schema on its first parse.
 */
export function storedOverDefaults<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const partial = schema.partial();
  return <T extends z.infer<typeof schema>>(value: unknown, defaults: T): T => {
    const parsed = partial.safeParse(value ?? {});
    return { ...defaults, ...(parsed.success ? parsed.data : {}) };
  };
}
