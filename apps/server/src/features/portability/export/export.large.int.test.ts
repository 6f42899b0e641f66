// A long history streams (docs/decisions/0030-data-export.md): 100,000 readings export completely,
// and the server read them a page at a time, never all at once. The pages are counted from the log
// line each export writes when it ends, so the test reads what the server did, not a timing.
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInAccount } from '../../../test/test-calls.ts';
import { READING_PAGE_SIZE } from '../../../readings/readings.queries.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const READINGS = 100_000;

describe('exporting 100,000 readings', () => {
  it('writes every reading to both files, read in pages', { timeout: 300_000 }, async () => {
    const person = await signedInAccount(server);
    // One statement: a pulse a minute, every value from 50 to 109 in turn.
    await server.app.database.db.execute(sql`
      insert into health_records (user_id, tag, tag_value, taken_at)
      select ${person.userId}::uuid, 'Pulse Value', (50 + n % 60)::text,
             timestamptz '2020-01-01T00:00:00Z' + n * interval '1 minute'
      from generate_series(1, ${READINGS}) as n`);

    const response = await server.request('/api/v1/account/export', {
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(response.status).toBe(200);
    const zipped = new Uint8Array(await response.arrayBuffer());
    const files = unzipSync(zipped);
    const decoder = new TextDecoder();

    const csv = decoder.decode(files['readings.csv']);
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(READINGS + 1);
    expect(lines[1]).toMatch(/^"2020-01-01T00:01:00Z","pulse","51"/);
    expect(lines.at(-1)).toMatch(/^"2020-03-10T10:40:00Z","pulse","90"/);

    const bundle = JSON.parse(decoder.decode(files['fhir.json'])) as {
      entry: Array<{ resource: { resourceType: string; valueQuantity?: { value: number } } }>;
    };
    const observations = bundle.entry.filter(
      (entry) => entry.resource.resourceType === 'Observation',
    );
    expect(observations).toHaveLength(READINGS);
    expect(observations.at(-1)?.resource.valueQuantity?.value).toBe(90);

    // Each file read the readings in pages of at most READING_PAGE_SIZE rows: 200 full pages and
    // the empty one that ends them, twice. The archive is far larger than one page.
    const written = server.logs.find((line) => line.msg === 'data export written') as
      { export: { readingPages: number; largestPage: number; observations: number } } | undefined;
    expect(written?.export).toEqual({
      readingsCsvRows: READINGS,
      observations: READINGS,
      readingPages: 2 * (READINGS / READING_PAGE_SIZE + 1),
      largestPage: READING_PAGE_SIZE,
    });
    expect(csv.length + (files['fhir.json']?.length ?? 0)).toBeGreaterThan(
      1000 * READING_PAGE_SIZE * 10,
    );
  });
});
