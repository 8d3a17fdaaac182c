import { resolve } from 'node:path';
import * as z from 'zod/mini';

const environment = z.object({
  PORT: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'Expected an integer'), z.minimum(0), z.maximum(65535)),
    8080,
  ),
  // All interfaces, so the server is reachable from a container, a phone on the LAN or a tunnel
  // to Telegram; set HOST=127.0.0.1 to keep it to this machine.
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'Expected a postgres:// URL'))),
  APP_DIR: z._default(z.string().check(z.minLength(1)), 'dist/app'),
  /** "0" serves the API alone (`npm run dev`, where Vite serves the app). */
  SERVE_APP: z._default(z.enum(['0', '1']), '1'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  NODE_ENV: z.optional(z.string()),
});

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** The built app to serve, or null to serve the API alone. */
  readonly appDir: string | null;
  readonly logLevel: string;
  readonly validateResponses: boolean;
}

/** Reads the environment; an empty variable counts as unset. Throws naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = z.safeParse(environment, present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    appDir: parsed.SERVE_APP === '1' ? resolve(parsed.APP_DIR) : null,
    logLevel: parsed.LOG_LEVEL,
    // Checking answers costs a parse per request: worth it everywhere but production.
    validateResponses: parsed.NODE_ENV !== 'production',
  };
}
