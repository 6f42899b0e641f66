import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { Database } from './database.ts';
import { loadDemoContent, type DemoContentStep } from './demo-content.ts';
import { migrationsFolder } from './migrations-folder.ts';
import { demoContentLoads } from './schema/demo-content.table.ts';

interface Journal {
  entries: Array<{ tag: string }>;
}

async function tableNames(db: Database): Promise<string[]> {
  // Both drivers answer { rows }; the driver-neutral type does not say so.
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  return result.rows.map((row) => row.table_name);
}

/** How many migrations the database records as applied. */
async function appliedMigrations(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ applied: number }> };
  return Number(result.rows[0]?.applied);
}

/** A copy of the committed migrations holding only the first `count`, as an older release had. */
function olderMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-older-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const kept = journal.entries.slice(0, count);
  for (const entry of kept) {
    fs.copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: kept }),
  );
  return dir;
}

describe('migrations', () => {
  it('apply on start-up, and starting twice is harmless', async () => {
    const database = await createTestDatabase({ persistent: true, empty: true });
    try {
      const first = await database.open();
      await first.migrate();
      await first.db.insert(demoContentLoads).values({ name: 'kept-across-restarts' });
      await first.close();

      const second = await database.open();
      await second.migrate();
      await second.migrate();
      const rows = await second.db.select().from(demoContentLoads);
      expect(rows.map((row) => row.name)).toEqual(['kept-across-restarts']);
      await second.close();
    } finally {
      await database.drop();
    }
  });

  it('move a database left by an older version forward', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const database = await createTestDatabase({ persistent: true, empty: true });
    try {
      // The oldest release's database: the first migration minus one (none at all for the first).
      const older = await database.open({
        migrationsDir: olderMigrations(journal.entries.length - 1),
      });
      await older.migrate();
      const before = await tableNames(older.db);
      expect(await appliedMigrations(older.db)).toBe(journal.entries.length - 1);
      await older.close();

      const current = await database.open();
      await current.migrate();
      // Every table kept, and the newest migration applied on top (whatever it changes).
      const after = await tableNames(current.db);
      expect(after).toEqual(expect.arrayContaining([...before, 'demo_content_loads']));
      expect(await appliedMigrations(current.db)).toBe(journal.entries.length);
      await current.close();
    } finally {
      await database.drop();
    }
  });
});

describe('test databases', () => {
  it('start with every committed migration applied, so migrating applies none', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const database = await createTestDatabase();
    const handle = await database.open();
    try {
      expect(await appliedMigrations(handle.db)).toBe(journal.entries.length);
      expect(await tableNames(handle.db)).toContain('demo_content_loads');
      await handle.migrate();
      expect(await appliedMigrations(handle.db)).toBe(journal.entries.length);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('start empty when asked, for tests of the migrations themselves', async () => {
    const database = await createTestDatabase({ empty: true });
    const handle = await database.open();
    try {
      expect(await tableNames(handle.db)).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('refuse migrations of their own on a migrated database', async () => {
    const database = await createTestDatabase();
    try {
      await expect(database.open({ migrationsDir: olderMigrations(1) })).rejects.toThrow(
        'empty: true',
      );
    } finally {
      await database.drop();
    }
  });
});

describe('demo content', () => {
  it('loads each step once, even when two start-ups race', async () => {
    const database = await createTestDatabase();
    const handle = await database.open();
    try {
      await handle.migrate();
      let runs = 0;
      const step: DemoContentStep = {
        name: 'catalogue',
        async load() {
          runs += 1;
        },
      };
      const [first, second] = await Promise.all([
        loadDemoContent(handle.db, [step]),
        loadDemoContent(handle.db, [step]),
      ]);
      expect([...first, ...second]).toEqual(['catalogue']);
      expect(await loadDemoContent(handle.db, [step])).toEqual([]);
      expect(runs).toBe(1);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('leaves nothing recorded when a step fails, so the next start-up tries again', async () => {
    const database = await createTestDatabase();
    const handle = await database.open();
    try {
      await handle.migrate();
      const failing: DemoContentStep = {
        name: 'articles',
        async load() {
          throw new Error('image missing');
        },
      };
      await expect(loadDemoContent(handle.db, [failing])).rejects.toThrow('image missing');
      expect(await handle.db.select().from(demoContentLoads)).toEqual([]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
