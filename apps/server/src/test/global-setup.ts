// Runs once per `vitest run` of the server project, in Vitest's own process, before any test file.
// Every test file runs in a process of its own (Vitest isolates files), so a migrated database
// made in a test process would be made once per file. Made here it is made once per run:
// - embedded: two PGlite images, one empty (initdb only) and one with every committed migration
//   applied, kept in node_modules/.cache between runs; each test database starts from a copy of
//   one of them;
// - PostgreSQL: a template database named after this process and a random suffix, so two runs on
//   one server never share one; each test database is a `create database … template` copy of it.
// test-database.ts reads what is provided here; teardown drops the template.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrationsFolder, serverRoot } from '../db/migrations-folder.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files of the embedded images (embedded runs only). */
    embeddedImages?: { empty: string; migrated: string };
    /** Name of the migrated template database (PostgreSQL runs only). */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
    const name = `vitalia_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await handle.migrate();
    } finally {
      // A template must have no open connection while it is copied.
      await handle.close();
    }
    project.provide('postgresTemplate', name);
    return async () => {
      await withAdmin(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    };
  }

  const images = await embeddedImages();
  project.provide('embeddedImages', images);
  return async () => {};
}

/**
 * The two PGlite images, kept between runs in node_modules/.cache under a name made from the
 * migrations and the PGlite version, so a run (or one file) after the first skips initdb and the
 * migrations; any change to either makes new ones.
 */
async function embeddedImages(): Promise<{ empty: string; migrated: string }> {
  const hash = crypto.createHash('sha256');
  hash.update(pgliteVersion());
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const dir = path.join(
    serverRoot,
    'node_modules',
    '.cache',
    'vitalia-test-images',
    hash.digest('hex').slice(0, 16),
  );
  const empty = path.join(dir, 'empty.tar');
  const migrated = path.join(dir, 'migrated.tar');
  if (fs.existsSync(empty) && fs.existsSync(migrated)) return { empty, migrated };

  fs.mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({});
  try {
    if (handle.jobConnection.driver !== 'embedded') throw new Error('expected PGlite');
    const client = handle.jobConnection.client;
    // Written under a name of their own and renamed: two runs at once never read half a file.
    const write = async (file: string) => {
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(
        partial,
        Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()),
      );
      fs.renameSync(partial, file);
    };
    await write(empty);
    await handle.migrate();
    await write(migrated);
  } finally {
    await handle.close();
  }
  return { empty, migrated };
}

/** The installed PGlite's version: an image is only good for the PGlite that wrote it. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the package.json of @electric-sql/pglite was not found');
    dir = parent;
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
