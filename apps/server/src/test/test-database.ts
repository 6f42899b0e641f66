// Each test file gets a migrated database of its own: in-memory PGlite by default, or a new
// PostgreSQL database (dropped afterwards) when the PostgreSQL run sets TEST_DB_DRIVER=postgres.
// Neither is migrated here: both start from a copy of what global-setup.ts migrated once for the
// whole run, so `migrate()` on them finds nothing to do.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'embedded';

export interface TestDatabase {
  /**
   * A handle to the database, already migrated unless it was created `empty`. Close it with
   * `handle.close()`; `drop` cleans up.
   */
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

type ImageKind = 'empty' | 'migrated';
const images = new Map<ImageKind, Promise<Blob>>();

/** global-setup.ts's image of that kind, read once per test process. */
function embeddedImage(kind: ImageKind): Promise<Blob> {
  let image = images.get(kind);
  if (!image) {
    image = (async () => {
      // `inject` throws outside Vitest (npm run fuzz uses these databases too).
      const files = process.env.VITEST ? inject('embeddedImages') : undefined;
      if (files) return new Blob([await fs.promises.readFile(files[kind])]);
      // Run without the server project's global setup (another config, or no Vitest): make it
      // here, once.
      const handle = await openDatabase({});
      if (handle.jobConnection.driver !== 'embedded') throw new Error('expected PGlite');
      if (kind === 'migrated') await handle.migrate();
      const dump = await handle.jobConnection.client.dumpDataDir('none');
      await handle.close();
      return dump;
    })();
    images.set(kind, image);
  }
  return image;
}

/**
 * Creates one fresh database, migrated with the committed migrations. `empty` leaves it without
 * any, for tests of the migrations themselves (they open it with a `migrationsDir` of their own).
 * `persistent` keeps an embedded one in a folder so that several handles can be opened on it in
 * turn, as restarts would.
 */
export async function createTestDatabase({
  persistent = false,
  empty = false,
}: { persistent?: boolean; empty?: boolean } = {}): Promise<TestDatabase> {
  if (testDriver === 'embedded') {
    const image = await embeddedImage(empty ? 'empty' : 'migrated');
    if (!persistent) {
      return {
        open: async (options) => {
          refuseOwnMigrations(empty, options);
          return openDatabase({ embeddedImage: image, ...options });
        },
        drop: async () => {},
      };
    }
    const dir = `${process.env.TMPDIR ?? '/tmp'}/vitalia-test-${crypto.randomUUID()}`;
    let first = true;
    return {
      open: async (options) => {
        if (first) refuseOwnMigrations(empty, options);
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
  const template = empty ? undefined : postgresTemplate();
  await withAdmin(adminUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let first = true;
  return {
    url: url.toString(),
    open: async (options) => {
      if (first) refuseOwnMigrations(empty, options);
      first = false;
      return openDatabase({ databaseUrl: url.toString(), ...options });
    },
    drop: async () => {
      await withAdmin(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

function postgresTemplate(): string {
  const template = inject('postgresTemplate');
  if (!template)
    throw new Error("no template database: the server project's global setup did not run");
  return template;
}

/** Migrations of a test's own would find the committed ones already applied and mean nothing. */
function refuseOwnMigrations(empty: boolean, options?: { migrationsDir?: string }): void {
  if (options?.migrationsDir && !empty) {
    throw new Error('a database opened with its own migrationsDir must be created { empty: true }');
  }
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
