import { z } from 'zod';

/** Every API error has this body (docs/decisions/0003-errors.md). */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
