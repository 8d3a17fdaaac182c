import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { language } from './settings';

/** The signed-in person as Telegram introduced them (spec 000 s.3, "User"). */
export const user = z.object({
  id: z.int().check(z.positive()),
  first_name: z.string(),
  last_name: z.nullable(z.string()),
  username: z.nullable(z.string()),
  photo_url: z.object({ small: z.nullable(z.string()) }),
  language,
  timezone: z.nullable(z.string()),
});
export type User = z.infer<typeof user>;

export const userEndpoints = {
  getProfile: defineEndpoint({
    method: 'GET',
    path: '/user/profile',
    response: user,
    errors: [401],
    auth: true,
  }),
};
