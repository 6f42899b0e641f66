// The limits let a long history back in (docs/decisions/0031-importing-readings.md): the
// readings.csv of a 100,000-reading export is under IMPORT_MAX_BYTES and IMPORT_MAX_ROWS, and
// imported into a new account it adds every reading, in one transaction; a second import adds none.
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportResult,
} from '@vitalia/api/portability.contract';
import { healthRecords } from '../../../db/schema/records.table.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInAccount, type SignedInAccount } from '../../../test/test-calls.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const READINGS = 100_000;

async function importCsv(account: SignedInAccount, csv: Uint8Array): Promise<ImportResult> {
  const response = await server.request('/api/v1/records/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${account.token}` },
    body: csv,
  });
  const body = (await response.json()) as ImportResult;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('importing a 100,000-reading export', () => {
  it('fits the limits and adds every reading, once', { timeout: 600_000 }, async () => {
    const first = await signedInAccount(server);
    // Blood pressure and pulse in turn, every few minutes, some with a note, as a year of a
    // monitor's readings would be.
    await server.app.database.db.execute(sql`
      insert into health_records (user_id, tag, tag_value, min_tag, min_tag_value, note, device, taken_at)
      select ${first.userId}::uuid,
             case when n % 2 = 0 then 'Systolic' else 'Pulse Value' end,
             case when n % 2 = 0 then (100 + n % 60)::text else (50 + n % 60)::text end,
             case when n % 2 = 0 then 'Diastolic' end,
             case when n % 2 = 0 then (60 + n % 30)::text end,
             case when n % 5 = 0 then 'after the morning walk' end,
             'Omron M3',
             timestamptz '2020-01-01T00:00:00Z' + n * interval '7 minutes'
      from generate_series(1, ${READINGS}) as n`);

    const archive = await server.request('/api/v1/account/export?timeZone=Africa/Lagos', {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(archive.status).toBe(200);
    const csv = unzipSync(new Uint8Array(await archive.arrayBuffer()))['readings.csv'];
    if (!csv) throw new Error('the archive has no readings.csv');
    expect(csv.length).toBeLessThan(IMPORT_MAX_BYTES);
    expect(READINGS).toBeLessThan(IMPORT_MAX_ROWS);

    const second = await signedInAccount(server);
    expect(await importCsv(second, csv)).toEqual({
      format: 'vitalia-csv',
      added: READINGS,
      duplicates: 0,
      refusedCount: 0,
    });
    const [counted] = await server.app.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(healthRecords)
      .where(eq(healthRecords.userId, second.userId));
    expect(counted?.count).toBe(READINGS);
    expect(await importCsv(second, csv)).toMatchObject({ added: 0, duplicates: READINGS });
  });
});
