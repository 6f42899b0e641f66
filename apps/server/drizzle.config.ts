import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from the schema. The migration check points `out`
// at a scratch copy (MIGRATIONS_OUT) to see whether the schema has changes no migration holds.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: process.env.MIGRATIONS_OUT ?? './src/db/migrations',
});
