// One database handle for both drivers: PGlite (PostgreSQL compiled to WebAssembly) in a folder by
// default, node-postgres when DATABASE_URL is set. Both speak the same SQL and share one schema.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { migrationsFolder } from './migrations-folder.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /**
   * How the job queue reaches the same database: the embedded client itself (one connection
   * shared with drizzle), or the PostgreSQL URL for a small pool of its own (jobs/queue.ts).
   */
  jobConnection: { driver: 'embedded'; client: PGlite } | { driver: 'postgres'; url: string };
  /** Applies the committed migrations not yet applied. Safe to call from several processes. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within the time given. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omitted means in memory (tests). */
  embeddedDir?: string | undefined;
  /** A PGlite data-folder dump to start from; tests use one to skip initdb (seconds each). */
  embeddedImage?: Blob | File | undefined;
  /** Where migrations live; tests point this at a partial copy to simulate an older version. */
  migrationsDir?: string;
}

/** A number every Vitalia process agrees on, so only one applies migrations at a time. */
const migrationLockKey = 4_827_311;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const folder = options.migrationsDir ?? migrationsFolder;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, folder)
    : openEmbedded(options.embeddedDir, options.embeddedImage, folder);
}

async function openEmbedded(
  dir: string | undefined,
  image: Blob | File | undefined,
  folder: string,
): Promise<DatabaseHandle> {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(image ? { loadDataDir: image } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: 'embedded',
    jobConnection: { driver: 'embedded', client },
    // One process owns an embedded database, so no lock is needed.
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    ping: (timeoutMs = 2000) => withTimeout(client.query('select 1'), timeoutMs),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, folder: string): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: the embedded database starts without them.
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
    await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    jobConnection: { driver: 'postgres', url },
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
        try {
          await migratePostgres(drizzlePostgres({ client: connection, schema }), {
            migrationsFolder: folder,
          });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]);
        }
      } finally {
        connection.release();
      }
    },
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    close: () => pool.end(),
  };
}

async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
