// Runs once per `vitest run` of the server project, in Vitest's own process, before any test file.
// Every test file runs in a process of its own (Vitest isolates files), so a migrated database
// made in a test process would be made once per file. Made here it is made once per run:
// - embedded: two PGlite images written to a temporary folder, one empty (initdb only) and one
//   with every committed migration applied; each test database starts from a copy of one of them;
// - PostgreSQL: a template database named after this process and a random suffix, so two runs on
//   one server never share one; each test database is a `create database … template` copy of it.
// test-database.ts reads what is provided here; teardown removes both.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';

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

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-test-images-'));
  const handle = await openDatabase({});
  try {
    if (handle.jobConnection.driver !== 'embedded') throw new Error('expected PGlite');
    const client = handle.jobConnection.client;
    const empty = path.join(dir, 'empty.tar');
    const migrated = path.join(dir, 'migrated.tar');
    fs.writeFileSync(empty, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await handle.migrate();
    fs.writeFileSync(migrated, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('embeddedImages', { empty, migrated });
  } finally {
    await handle.close();
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
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
