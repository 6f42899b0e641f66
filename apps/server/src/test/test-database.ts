// Each test file gets a freshly migrated database of its own: in-memory PGlite by default, or a new
// PostgreSQL database (dropped afterwards) when the PostgreSQL run sets TEST_DB_DRIVER=postgres.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'embedded';

export interface TestDatabase {
  /** A handle to a new, empty database. Close it with `handle.close()`; `drop` cleans up. */
  open(options?: { migrationsDir?: string }): Promise<DatabaseHandle>;
  drop(): Promise<void>;
  /** Its address, for a server process of its own (PostgreSQL only). */
  url?: string;
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  return url;
}

// initdb takes seconds in PGlite; a new, unmigrated database is made once per test process and
// every test database starts from a copy of it.
let emptyImage: Promise<File | Blob> | undefined;
function emptyEmbeddedImage(): Promise<File | Blob> {
  emptyImage ??= (async () => {
    const template = new PGlite();
    await template.waitReady;
    const image = await template.dumpDataDir('none');
    await template.close();
    return image;
  })();
  return emptyImage;
}

/**
 * Creates one fresh database. `persistent` keeps an embedded one in a folder so that several
 * handles can be opened on it in turn, as restarts would.
 */
export async function createTestDatabase({
  persistent = false,
}: { persistent?: boolean } = {}): Promise<TestDatabase> {
  if (testDriver === 'embedded') {
    const image = await emptyEmbeddedImage();
    if (!persistent) {
      return {
        open: (options) => openDatabase({ embeddedImage: image, ...options }),
        drop: async () => {},
      };
    }
    const dir = `${process.env.TMPDIR ?? '/tmp'}/vitalia-test-${crypto.randomUUID()}`;
    let first = true;
    return {
      open: (options) => {
        const embeddedImage = first ? image : undefined;
        first = false;
        return openDatabase({ embeddedDir: dir, embeddedImage, ...options });
      },
      drop: async () => {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = testDatabaseUrl();
  const name = `vitalia_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: (options) => openDatabase({ databaseUrl: url.toString(), ...options }),
    drop: async () => {
      await withAdmin(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
