import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

export const databaseKinds = ['pglite', 'postgres'] as const;
export const databaseKind = z.enum(databaseKinds);
export type DatabaseKind = z.infer<typeof databaseKind>;

export const health = z.object({
  status: z.literal('ok'),
  /** Embedded PGlite (the default) or PostgreSQL (DATABASE_URL). */
  database: databaseKind,
  migrations: z.object({
    applied: z.int().check(z.minimum(0)),
    /** Migrations in the server's folder not yet applied; 0 on a healthy server. */
    pending: z.int().check(z.minimum(0)),
    /** Tag of the newest applied migration, e.g. "0000_catalogue". */
    latest: z.nullable(z.string()),
  }),
});
export type Health = z.infer<typeof health>;

export const healthEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/health',
    response: health,
    auth: false,
  }),
};
