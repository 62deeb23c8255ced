import { z } from 'zod';
import { ROLES } from '../constants.ts';

export const role = z.enum(ROLES);

/** The signed-in user and their profile, or nulls when signed out (GET /api/me). */
export const me = z.object({
  user: z
    .object({
      id: z.uuid(),
      email: z.string(),
      email_verified: z.boolean(),
      two_factor_enabled: z.boolean(),
    })
    .nullable(),
  profile: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      avatar_url: z.string().nullable(),
      role,
    })
    .nullable(),
});
export type Me = z.infer<typeof me>;
