import { defineConfig } from 'drizzle-kit';

// One migrations folder serves both PGlite (embedded default) and PostgreSQL (DATABASE_URL):
// PGlite is PostgreSQL compiled to WASM, so the same SQL runs on both.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
  strict: true,
});
