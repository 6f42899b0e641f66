// Importing readings (docs/decisions/0031-importing-readings.md): Vitalia's own readings.csv (and an
// export of one account imported into another gives the same readings), a common CSV with a column
// mapping, a FHIR Bundle and NDJSON; duplicates skipped, so a second import adds nothing; every bad
// file refused with a message and nothing saved lost or changed.
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_READINGS,
  IMPORT_MAX_ROWS,
  IMPORTS_PER_HOUR,
  READINGS_CSV_COLUMNS,
} from '@vitalia/api/portability.contract';
import type { HealthReading, HistoryPage } from '@vitalia/api/records.contract';
import { healthRecords } from '../../../db/schema/records.table.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call, signedInAccount, type SignedInAccount } from '../../../test/test-calls.ts';
import { errorsOf, IMPORT, importCalls, PREVIEW } from './import.test-helpers.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

const { send, preview, importFile } = importCalls(() => server);

async function readingsOf(account: SignedInAccount): Promise<HealthReading[]> {
  const all: HealthReading[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: HistoryPage } = await call<HistoryPage>(
      server,
      'GET',
      `/api/v1/records/healths?order=ASC&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: account.token },
    );
    expect(page.status).toBe(200);
    all.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return all;
}

/** What a reading is, without the ids and times of its storing. */
const essence = (reading: HealthReading) => ({
  tag: reading.tag,
  takenAt: reading.takenAt,
  tagValue: reading.tagValue,
  minTagValue: reading.minTagValue,
  enteredValue: reading.enteredValue,
  enteredUnit: reading.enteredUnit,
  narration: reading.narration,
  note: reading.note,
  weight: reading.weight,
  device: reading.device,
  report: reading.report,
  directFromDevice: reading.directFromDevice,
});
const sorted = (readings: HealthReading[]) =>
  readings.map(essence).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
const HEADER = READINGS_CSV_COLUMNS.map((column) => quote(column.name)).join(',');

/** A row of readings.csv, cells by column name, as the export writes them (all quoted). */
function vitaliaRow(cells: Partial<Record<(typeof READINGS_CSV_COLUMNS)[number]['name'], string>>) {
  return READINGS_CSV_COLUMNS.map((column) => {
    const value = cells[column.name];
    return value === undefined ? '' : quote(value);
  }).join(',');
}

const vitaliaCsv = (...rows: string[]) =>
  `\uFEFF${HEADER}\r\n${rows.map((row) => `${row}\r\n`).join('')}`;

async function record(account: SignedInAccount, reading: Record<string, unknown>) {
  const answer = await call(server, 'POST', '/api/v1/records/health', {
    token: account.token,
    body: reading,
  });
  expect(answer.status).toBe(201);
}

describe("Vitalia's own readings.csv", () => {
  const file = vitaliaCsv(
    vitaliaRow({
      taken_at: '2026-01-31T09:30:00+01:00',
      measure: 'bloodPressure',
      value: '128',
      second_value: '82',
      unit: 'mmHg',
      colour: 'yellow',
      label: 'Elevated',
      note: "'=1+1 left arm",
      device: 'Omron M3',
      from_device: 'false',
    }),
    vitaliaRow({
      taken_at: '2026-01-31T09:30:00+01:00',
      measure: 'pulse',
      value: '72',
      unit: 'bpm',
      from_device: 'false',
    }),
    vitaliaRow({
      taken_at: '2026-02-01T07:00:00Z',
      measure: 'sugar',
      value: '99',
      unit: 'mg/dL',
      entered_value: '5.5',
      entered_unit: 'mmol/L',
      context: 'HadMeal',
      from_device: 'true',
    }),
    vitaliaRow({
      taken_at: '2026-02-02T07:00:00Z',
      measure: 'bmi',
      value: '24.2',
      unit: 'kg/m²',
      weight_kg: '70.5',
    }),
    vitaliaRow({
      taken_at: '2026-02-03T07:00:00Z',
      measure: 'mood',
      value: 'Very Sad',
      note: 'a long day',
    }),
    vitaliaRow({
      taken_at: '2026-02-04T07:00:00Z',
      measure: 'breathing',
      value: '85',
      second_value: '82',
      unit: '% of predicted',
    }),
  );

  it('previews the readings it would add, then adds them as typed', async () => {
    const account = await signedInAccount(server);
    const seen = await preview(account, file);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({
      format: 'vitalia-csv',
      rows: 6,
      toAdd: 6,
      duplicates: 0,
      refusedCount: 0,
      needsMapping: false,
    });
    expect(seen.body.first[0]).toMatchObject({
      measure: 'bloodPressure',
      value: '128',
      secondValue: '82',
      note: '=1+1 left arm',
      takenAt: '2026-01-31T08:30:00.000Z',
    });
    expect(await readingsOf(account)).toEqual([]);

    const done = await importFile(account, file);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ format: 'vitalia-csv', added: 6, duplicates: 0, refusedCount: 0 });
    const saved = await readingsOf(account);
    // 5.5 mmol/L is stored as the typed-reading call stores it.
    const typist = await signedInAccount(server);
    await record(typist, {
      Tag: 'Blood-sugar',
      TagValue: '5.5',
      Unit: 'mmol/L',
      TakenAt: '2026-02-01T07:00:00Z',
    });
    const typedSugar = (await readingsOf(typist))[0]?.tagValue;
    // The blood pressure and its pulse share a time: their order is not fixed.
    expect(
      saved.map((reading) => [reading.tag, reading.tagValue, reading.minTagValue]).sort(),
    ).toEqual([
      ['BMI', '24.2', null],
      ['Blood-sugar', typedSugar, null],
      ['FEV2', '85', '82'],
      ['Mood', 'Very Sad', null],
      ['Pulse Value', '72', null],
      ['Systolic', '128', '82'],
    ]);
    const sugar = saved.find((reading) => reading.tag === 'Blood-sugar');
    expect(sugar).toMatchObject({
      enteredValue: '5.5',
      enteredUnit: 'mmol/L',
      narration: 'HadMeal',
      directFromDevice: true,
    });
    expect(saved.find((reading) => reading.tag === 'Systolic')).toMatchObject({
      note: '=1+1 left arm',
      device: 'Omron M3',
      takenAt: '2026-01-31T08:30:00.000Z',
    });
    expect(saved.find((reading) => reading.tag === 'BMI')?.weight).toBe('70.5');
  });

  it('adds nothing the second time: every row is a duplicate', async () => {
    const account = await signedInAccount(server);
    expect((await importFile(account, file)).body.added).toBe(6);
    const again = await preview(account, file);
    expect(again.body).toMatchObject({ toAdd: 0, duplicates: 6 });
    expect((await importFile(account, file)).body).toMatchObject({ added: 0, duplicates: 6 });
    expect(await readingsOf(account)).toHaveLength(6);
  });

  it('skips a row that repeats an earlier row or a saved reading, and counts others’ readings as nothing', async () => {
    const account = await signedInAccount(server);
    const other = await signedInAccount(server);
    await record(account, { Tag: 'Pulse Value', TagValue: 64, TakenAt: '2026-03-01T08:00:00Z' });
    await record(other, { Tag: 'Pulse Value', TagValue: 70, TakenAt: '2026-03-02T08:00:00Z' });
    const rows = vitaliaCsv(
      vitaliaRow({ taken_at: '2026-03-01T09:00:00+01:00', measure: 'pulse', value: '64' }),
      vitaliaRow({ taken_at: '2026-03-02T08:00:00Z', measure: 'pulse', value: '70' }),
      vitaliaRow({ taken_at: '2026-03-02T08:00:00Z', measure: 'pulse', value: '70.0' }),
      vitaliaRow({ taken_at: '2026-03-02T08:00:00Z', measure: 'pulse', value: '71' }),
    );
    const seen = await preview(account, rows);
    expect(seen.body).toMatchObject({ toAdd: 2, duplicates: 2 });
    expect((await importFile(account, rows)).body).toMatchObject({ added: 2, duplicates: 2 });
    expect((await readingsOf(account)).map((reading) => reading.tagValue).sort()).toEqual([
      '64',
      '70',
      '71',
    ]);
    // The other person's reading is where it was, alone.
    expect((await readingsOf(other)).map(essence)).toEqual([
      expect.objectContaining({
        tag: 'Pulse Value',
        tagValue: '70',
        takenAt: '2026-03-02T08:00:00.000Z',
      }),
    ]);
  });

  it('refuses rows as a typed reading is refused, each with its line and reason', async () => {
    const account = await signedInAccount(server);
    const future = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const rows = vitaliaCsv(
      vitaliaRow({ taken_at: '2026-01-05T08:00:00Z', measure: 'pulse', value: '70' }),
      vitaliaRow({ taken_at: future, measure: 'pulse', value: '70' }),
      vitaliaRow({ taken_at: '1899-12-31T08:00:00Z', measure: 'pulse', value: '70' }),
      vitaliaRow({ taken_at: '2026-01-05T08:00:00Z', measure: 'pulse', value: "'=1+1" }),
      vitaliaRow({
        taken_at: '2026-01-05T08:00:00Z',
        measure: 'bloodPressure',
        value: '80',
        second_value: '120',
      }),
      vitaliaRow({ taken_at: '2026-01-05T08:00:00Z', measure: 'mood', value: 'Grumpy' }),
      vitaliaRow({ taken_at: '2026-01-05T08:00:00Z', measure: 'weight', value: '70' }),
      vitaliaRow({ taken_at: '5 Jan', measure: 'pulse', value: '70' }),
    );
    const seen = await preview(account, rows);
    expect(seen.status).toBe(200);
    expect(seen.body.toAdd).toBe(1);
    expect(seen.body.refused.map((row) => row.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    const reasons = seen.body.refused.map((row) => row.reason);
    expect(reasons[0]).toContain('must not be in the future');
    expect(reasons[1]).toContain('must be in 1900 or later');
    expect(reasons[2]).toMatch(/pulse must be a number between/);
    expect(reasons[3]).toContain('diastolic pressure must be below systolic');
    expect(reasons[4]).toContain('mood must be one of');
    expect(reasons[5]).toContain('measure "weight" is not one Vitalia tracks');
    expect(reasons[6]).toContain('must be a date and time with its offset');

    const refusedWhole = await importFile(account, rows);
    expect(refusedWhole.status).toBe(400);
    expect(errorsOf(refusedWhole)).toContain('7 rows of the file cannot be imported (line 3:');
    expect(await readingsOf(account)).toEqual([]);

    const done = await importFile(account, rows, 'text/csv', { skipRefused: 'true' });
    expect(done.body).toEqual({ format: 'vitalia-csv', added: 1, duplicates: 0, refusedCount: 7 });
    expect(await readingsOf(account)).toHaveLength(1);
  });
});

describe('the round trip: an export imported into a new account', () => {
  it('gives the same readings: measure, time, values, units as entered, context, note, weight, device', async () => {
    const first = await signedInAccount(server);
    const readings = [
      {
        Tag: 'Systolic',
        TagValue: 131,
        MinTagValue: 85,
        Pulse: 77,
        Note: '=SUM(A1) after stairs',
        Device: 'Omron, "M3"',
        TakenAt: '2026-01-10T07:15:30+01:00',
      },
      {
        Tag: 'Blood-sugar',
        TagValue: '6.1',
        Unit: 'mmol/L',
        Narration: 'HadDiabetics HadMeal',
        TakenAt: '2026-01-11T12:00:00Z',
      },
      {
        Tag: 'Blood-sugar',
        TagValue: 101,
        TakenAt: '2026-01-11T18:00:00.250Z',
        DirectFromDevice: true,
        Report: 'meter sync',
      },
      { Tag: 'BMI', TagValue: 23.9, Weight: 68.2, TakenAt: '2026-01-12T08:00:00Z' },
      {
        Tag: 'Mood',
        TagValue: 'Happy',
        Note: 'line one\nline two, with "quotes"',
        TakenAt: '2026-01-13T08:00:00Z',
      },
      { Tag: 'FEV2', TagValue: 88, MinTagValue: 84, TakenAt: '2026-01-14T08:00:00Z' },
      {
        Tag: 'Temperature',
        TagValue: 36.8,
        Note: '+ a little warm',
        TakenAt: '2026-01-15T08:00:00Z',
      },
      { Tag: 'SPO2Value', TagValue: 97, Note: '@home', TakenAt: '2026-01-16T08:00:00Z' },
      {
        Tag: 'Cholesterol Value',
        TagValue: 190,
        Note: "-'tis fine",
        TakenAt: '2026-01-17T08:00:00Z',
      },
      { Tag: 'Respiratory Rate', TagValue: 16, TakenAt: '2026-01-18T08:00:00Z' },
    ];
    for (const reading of readings) await record(first, reading);
    const before = await readingsOf(first);
    expect(before).toHaveLength(11);

    const archive = await server.request('/api/v1/account/export?timeZone=Africa/Lagos', {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(archive.status).toBe(200);
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    const csv = files['readings.csv'];
    const fhir = files['fhir.json'];
    expect(csv).toBeDefined();
    expect(fhir).toBeDefined();

    const second = await signedInAccount(server);
    const seen = await preview(second, csv!);
    expect(seen.body).toMatchObject({
      format: 'vitalia-csv',
      toAdd: 11,
      duplicates: 0,
      refusedCount: 0,
    });
    expect((await importFile(second, csv!)).body).toMatchObject({ added: 11 });
    expect(sorted(await readingsOf(second))).toEqual(sorted(before));

    // The FHIR Bundle of the same archive gives the same readings too.
    const third = await signedInAccount(server);
    const fromFhir = await importFile(third, fhir!, 'application/fhir+json');
    expect(fromFhir.status, JSON.stringify(fromFhir.body)).toBe(200);
    expect(fromFhir.body).toMatchObject({ format: 'fhir-bundle', added: 11, refusedCount: 0 });
    expect(sorted(await readingsOf(third))).toEqual(sorted(before));
    // And importing that Bundle into the second account adds nothing: all are there already.
    expect((await importFile(second, fhir!, 'application/fhir+json')).body).toMatchObject({
      added: 0,
      duplicates: 11,
    });
  });
});

describe('a common CSV, read with a column mapping', () => {
  const monitor = [
    'Date;Time;SYS(mmHg);DIA(mmHg);Pulse(bpm);Comment',
    '13/01/2026;07:45;131;84;71;before coffee',
    '13/01/2026;21:10;125;80;;',
    '14/01/2026;07:40;;;;',
    '14/01/2026;07:50;140;;66;',
  ].join('\r\n');

  it('answers the header, rows and a guessed mapping, and counts with the guess', async () => {
    const account = await signedInAccount(server);
    const seen = await preview(account, monitor, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.format).toBe('csv');
    expect(seen.body.needsMapping).toBe(true);
    expect(seen.body.csv?.header).toEqual([
      'Date',
      'Time',
      'SYS(mmHg)',
      'DIA(mmHg)',
      'Pulse(bpm)',
      'Comment',
    ]);
    expect(seen.body.csv?.sample[0]).toEqual([
      '13/01/2026',
      '07:45',
      '131',
      '84',
      '71',
      'before coffee',
    ]);
    expect(seen.body.csv?.guessed).toEqual({
      timeColumn: 0,
      timeOfDayColumn: 1,
      dateOrder: 'DMY',
      timeZone: 'Africa/Lagos',
      columns: [
        { column: 2, role: 'systolic' },
        { column: 3, role: 'diastolic' },
        { column: 4, role: 'pulse' },
        { column: 5, role: 'note' },
      ],
      sugarUnit: 'mg/dL',
      sugarMeal: 'fasting',
      zoneColumn: null,
    });
    expect(seen.body.csv?.dateOrderAmbiguous).toBe(false);
    // Line 2 gives a blood pressure and a pulse, line 3 a blood pressure; line 4 has no value and
    // line 5 a systolic without its diastolic.
    expect(seen.body.toAdd).toBe(4);
    expect(seen.body.refused).toEqual([
      { line: 4, entry: null, reason: 'no value in the columns chosen for readings' },
      { line: 5, entry: null, reason: 'blood pressure needs both systolic and diastolic' },
    ]);
  });

  it('never guesses the room or the clock as a body reading: a monitor that logs room temperature and its time zone', async () => {
    const account = await signedInAccount(server);
    const file = [
      'Measurement Date,Measurement Time,Timezone,Systolic(mmHg),Diastolic(mmHg),Pulse(bpm),Room temperature(°C),Device',
      '2026/01/13,07:45,+01:00,128,82,70,24,BP-7',
      '2026/01/13,21:10,+01:00,124,79,68,31,BP-7',
    ].join('\n');
    const seen = await preview(account, file, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.csv?.guessed).toMatchObject({
      timeColumn: 0,
      timeOfDayColumn: 1,
      columns: [
        { column: 3, role: 'systolic' },
        { column: 4, role: 'diastolic' },
        { column: 5, role: 'pulse' },
      ],
    });
    // Two blood pressures and two pulses; no temperature of 24 or 31 °C.
    expect(seen.body.toAdd).toBe(4);
  });

  it('guesses a column of breaths per minute as respiratory rate, and imports it', async () => {
    const account = await signedInAccount(server);
    const file = ['Date,Respiratory rate (breaths/min),SpO2', '2026-01-13 07:45,18,97'].join('\n');
    const seen = await preview(account, file, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.csv?.guessed?.columns).toEqual([
      { column: 1, role: 'respiratoryRate' },
      { column: 2, role: 'oxygen' },
    ]);
    expect(seen.body.toAdd).toBe(2);
  });

  it('imports with the mapping in the query, times in the person’s zone', async () => {
    const account = await signedInAccount(server);
    const query = {
      timeColumn: '0',
      timeOfDayColumn: '1',
      dateOrder: 'DMY',
      timeZone: 'Africa/Lagos',
      columns: '2:systolic,3:diastolic,4:pulse,5:note',
      skipRefused: 'true',
    };
    const done = await importFile(account, monitor, 'text/csv', query);
    expect(done.body).toEqual({ format: 'csv', added: 4, duplicates: 0, refusedCount: 2 });
    const saved = await readingsOf(account);
    expect(
      saved
        .map((reading) => [
          reading.tag,
          reading.tagValue,
          reading.minTagValue,
          reading.takenAt,
          reading.note,
        ])
        .sort(),
    ).toEqual([
      // Line 5's pulse is read although its blood pressure lacks the diastolic.
      ['Pulse Value', '66', null, '2026-01-14T06:50:00.000Z', null],
      ['Pulse Value', '71', null, '2026-01-13T06:45:00.000Z', 'before coffee'],
      ['Systolic', '125', '80', '2026-01-13T20:10:00.000Z', null],
      ['Systolic', '131', '84', '2026-01-13T06:45:00.000Z', 'before coffee'],
    ]);
    expect((await importFile(account, monitor, 'text/csv', query)).body).toMatchObject({
      added: 0,
      duplicates: 4,
    });
  });

  it('reads a glucose meter’s mmol/L column as typed, and month-first dates when told', async () => {
    const account = await signedInAccount(server);
    const meter =
      'Date/Time,Glucose (mmol/L),Notes\n01/02/2026 8:15 AM,5.4,fasting\n01/03/2026 9:00 PM,=1+1,\n';
    const seen = await preview(account, meter);
    expect(seen.body.csv?.guessed).toMatchObject({
      timeColumn: 0,
      timeOfDayColumn: null,
      sugarUnit: 'mmol/L',
      columns: [
        { column: 1, role: 'sugar' },
        { column: 2, role: 'note' },
      ],
    });
    expect(seen.body.csv?.dateOrderAmbiguous).toBe(true);
    const query = {
      timeColumn: '0',
      dateOrder: 'MDY',
      columns: '1:sugar,2:note',
      sugarUnit: 'mmol/L',
      skipRefused: 'true',
    };
    const told = await preview(account, meter, 'text/csv', query);
    expect(told.body.needsMapping).toBe(false);
    expect(told.body.first).toEqual([
      expect.objectContaining({
        measure: 'sugar',
        takenAt: '2026-01-02T08:15:00.000Z',
        enteredValue: '5.4',
        enteredUnit: 'mmol/L',
        note: 'fasting',
      }),
    ]);
    expect(told.body.refused).toEqual([
      {
        line: 3,
        entry: null,
        reason: expect.stringContaining('blood sugar must be a number between'),
      },
    ]);
    expect((await importFile(account, meter, 'text/csv', query)).body).toMatchObject({
      added: 1,
      refusedCount: 1,
    });
  });

  it("reads Excel's sep= line and a decimal comma, and guesses mmol/L from the values", async () => {
    const account = await signedInAccount(server);
    const meter = 'sep=;\r\nTimestamp;BG\r\n2026-01-05 07:30;5,6\r\n2026-01-05 19:30;7,1\r\n';
    const seen = await preview(account, meter, 'text/csv', { timeZone: 'UTC' });
    expect(seen.body.csv?.header).toEqual(['Timestamp', 'BG']);
    expect(seen.body.csv?.guessed).toMatchObject({
      timeColumn: 0,
      sugarUnit: 'mmol/L',
      columns: [{ column: 1, role: 'sugar' }],
    });
    expect(seen.body.first.map((reading) => [reading.takenAt, reading.enteredValue])).toEqual([
      ['2026-01-05T07:30:00.000Z', '5.6'],
      ['2026-01-05T19:30:00.000Z', '7.1'],
    ]);
    expect(seen.body.refused).toEqual([]);
  });

  it('refuses an import without a mapping, and a mapping that does not fit the file', async () => {
    const account = await signedInAccount(server);
    const without = await importFile(account, monitor);
    expect(without.status).toBe(400);
    expect(errorsOf(without)).toContain("not in Vitalia's format");
    const outside = await preview(account, monitor, 'text/csv', {
      timeColumn: '9',
      columns: '2:sugar',
    });
    expect(outside.status).toBe(400);
    expect(errorsOf(outside)).toContain('query timeColumn: the file has 6 columns');
    const lonely = await preview(account, monitor, 'text/csv', {
      timeColumn: '0',
      columns: '2:systolic',
    });
    expect(errorsOf(lonely)).toContain('systolic and diastolic go together');
    const badList = await preview(account, monitor, 'text/csv', {
      timeColumn: '0',
      columns: '2:weight-loss',
    });
    expect(badList.status).toBe(400);
    expect(await readingsOf(account)).toEqual([]);
  });
});

describe('FHIR R4', () => {
  const observation = (
    code: string,
    value: Record<string, unknown>,
    when = '2026-02-10T08:00:00+01:00',
  ) => ({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code }] },
    effectiveDateTime: when,
    ...value,
  });
  const heartRate = observation('8867-4', {
    valueQuantity: {
      value: 61,
      unit: 'beats/minute',
      system: 'http://unitsofmeasure.org',
      code: '/min',
    },
  });
  const pressure = observation('85354-9', {
    component: [
      {
        code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] },
        valueQuantity: { value: 118, code: 'mm[Hg]' },
      },
      {
        code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] },
        valueQuantity: { value: 76, code: 'mm[Hg]' },
      },
    ],
  });
  const glucoseMmol = observation('15074-8', { valueQuantity: { value: 6.2, code: 'mmol/L' } });
  const unknown = observation('1234-5', { valueQuantity: { value: 3 } });
  const fahrenheit = observation('8310-5', { valueQuantity: { value: 98.6, code: '[degF]' } });

  it('reads a Bundle of any type, and refuses codes Vitalia does not track by entry', async () => {
    const account = await signedInAccount(server);
    const bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        { resource: { resourceType: 'Patient', id: 'p' } },
        { resource: heartRate },
        { resource: pressure },
        { resource: glucoseMmol },
        { resource: unknown },
        { resource: fahrenheit },
      ],
    };
    const seen = await preview(account, JSON.stringify(bundle), 'application/fhir+json');
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ format: 'fhir-bundle', rows: 6, toAdd: 3, refusedCount: 2 });
    expect(seen.body.refused).toEqual([
      { line: null, entry: 4, reason: 'LOINC 1234-5 is not a measure Vitalia tracks' },
      { line: null, entry: 5, reason: expect.stringContaining('unit "[degF]" is not Cel') },
    ]);
    const done = await importFile(account, JSON.stringify(bundle), 'application/json', {
      skipRefused: 'true',
    });
    expect(done.body).toEqual({ format: 'fhir-bundle', added: 3, duplicates: 0, refusedCount: 2 });
    const saved = await readingsOf(account);
    expect(
      saved
        .map((reading) => [reading.tag, reading.minTagValue, reading.enteredValue, reading.takenAt])
        .sort(),
    ).toEqual([
      ['Blood-sugar', null, '6.2', '2026-02-10T07:00:00.000Z'],
      ['Pulse Value', null, null, '2026-02-10T07:00:00.000Z'],
      ['Systolic', '76', null, '2026-02-10T07:00:00.000Z'],
    ]);
  });

  it('refuses a reading whose text holds a NUL, by entry, and imports the others', async () => {
    const account = await signedInAccount(server);
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { ...heartRate, note: [{ text: 'only\u0000nul' }] } },
        { resource: { ...pressure, device: { display: 'dev\u0000ice' } } },
        { resource: glucoseMmol },
      ],
    };
    const seen = await preview(account, JSON.stringify(bundle), 'application/fhir+json');
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ toAdd: 1, refusedCount: 2 });
    expect(seen.body.refused).toEqual([
      { line: null, entry: 0, reason: 'note must not contain the character U+0000 (NUL)' },
      { line: null, entry: 1, reason: 'device must not contain the character U+0000 (NUL)' },
    ]);
    const whole = await importFile(account, JSON.stringify(bundle), 'application/fhir+json');
    expect(whole.status).toBe(400);
    const done = await importFile(account, JSON.stringify(bundle), 'application/fhir+json', {
      skipRefused: 'true',
    });
    expect(done.body).toEqual({ format: 'fhir-bundle', added: 1, duplicates: 0, refusedCount: 2 });
  });

  it('reads NDJSON of Observations, refusing a broken line by its number', async () => {
    const account = await signedInAccount(server);
    const ndjson = [JSON.stringify(heartRate), '{ not json', '', JSON.stringify(pressure)].join(
      '\n',
    );
    const seen = await preview(account, ndjson, 'application/fhir+ndjson');
    expect(seen.body).toMatchObject({ format: 'fhir-ndjson', rows: 3, toAdd: 2 });
    expect(seen.body.refused).toEqual([
      { line: 2, entry: null, reason: 'the line is not valid JSON' },
    ]);
    expect(
      (await importFile(account, ndjson, 'application/x-ndjson', { skipRefused: 'true' })).body,
    ).toMatchObject({ added: 2 });
  });

  it('refuses JSON that is not a Bundle', async () => {
    const account = await signedInAccount(server);
    const answer = await preview(account, JSON.stringify(heartRate), 'application/fhir+json');
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toContain('This JSON is a Observation');
  });
});

describe('bad files are refused with a message, and lose nothing', () => {
  let account: SignedInAccount;
  let before: HealthReading[];
  beforeAll(async () => {
    account = await signedInAccount(server);
    await record(account, { Tag: 'Pulse Value', TagValue: 66, TakenAt: '2026-01-01T08:00:00Z' });
    before = await readingsOf(account);
  });

  const goodRow = vitaliaRow({ taken_at: '2026-01-02T08:00:00Z', measure: 'pulse', value: '70' });

  const cases: Array<[string, string | Uint8Array, string, number, string]> = [
    [
      'binary (NUL bytes)',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]),
      'text/csv',
      400,
      'This is not a text file',
    ],
    [
      'Latin-1 bytes',
      new Uint8Array([
        ...Buffer.from(`${HEADER}\r\n`),
        ...Buffer.from(
          '"2026-01-02T08:00:00Z","pulse","70","","","","","","","","","caf',
          'latin1',
        ),
        0xe9,
        ...Buffer.from('"\r\n'),
      ]),
      'text/csv',
      400,
      'The file is not UTF-8 text',
    ],
    [
      'UTF-16 without its byte order mark',
      new Uint8Array(Buffer.from(`${HEADER}\r\n${goodRow}\r\n`, 'utf16le')),
      'text/csv',
      400,
      'The file is not UTF-8 text',
    ],
    ['an empty file', '', 'text/csv', 400, 'The file is empty.'],
    [
      'a header only',
      `${HEADER}\r\n`,
      'text/csv',
      400,
      'The file has a header but no readings under it.',
    ],
    [
      'a quote never closed',
      `${HEADER}\r\n${goodRow}\r\n"2026-01-03T08:00:00Z","pulse","7${'x'.repeat(20_000)}`,
      'text/csv',
      400,
      'longer than 16,384 characters',
    ],
    [
      'a short quote never closed',
      `${HEADER}\r\n${goodRow}\r\n"2026-01-03T08:00:00Z","pulse","70\r\n`,
      'text/csv',
      400,
      'A quote opened in the file is never closed',
    ],
    [
      'a huge field',
      `${HEADER}\r\n"${'9'.repeat(100_000)}","pulse","70"\r\n`,
      'text/csv',
      400,
      'longer than 16,384 characters',
    ],
    [
      'thousands of columns',
      `${Array.from({ length: 5000 }, () => 'c').join(',')}\r\n1,2\r\n`,
      'text/csv',
      400,
      'a file of readings has at most 100',
    ],
    ['an unknown format', 'GIF89a', 'image/gif', 415, 'is not a file Vitalia imports'],
    ['a single column', 'hello\nworld\n', 'text/csv', 400, 'its header line has a single column'],
    [
      'broken JSON',
      '{"resourceType":"Bundle","entry":[',
      'application/fhir+json',
      400,
      'The file is not valid JSON',
    ],
  ];

  for (const [name, body, type, status, message] of cases) {
    it(`${name}: ${status}, "${message}"`, async () => {
      for (const path of [PREVIEW, IMPORT]) {
        const answer = await send(path, account, body, type);
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        expect(errorsOf(answer)).toContain(message);
      }
      expect(await readingsOf(account)).toEqual(before);
    });
  }

  it('decodes UTF-16 with its byte order mark', async () => {
    const text = `${HEADER}\r\n${vitaliaRow({ taken_at: '2026-01-04T08:00:00Z', measure: 'mood', value: 'Happy', note: 'café' })}\r\n`;
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const seen = await preview(account, utf16);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.first[0]).toMatchObject({ measure: 'mood', value: 'Happy', note: 'café' });
  });

  it(`too many rows: more than ${IMPORT_MAX_ROWS.toLocaleString('en')}`, async () => {
    const row = '"2026-01-02T08:00:00Z","pulse","70"\n';
    const answer = await preview(
      account,
      `taken_at,measure,value\n${row.repeat(IMPORT_MAX_ROWS + 1)}`,
    );
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toContain('more than 150,000 rows');
    expect(await readingsOf(account)).toEqual(before);
  });

  it(`too many readings: rows under the row cap that give more than ${IMPORT_MAX_READINGS.toLocaleString('en')} readings`, async () => {
    // Each row gives a blood pressure and a pulse: 50,001 rows are 100,002 readings.
    const rows = Array.from(
      { length: IMPORT_MAX_READINGS / 2 + 1 },
      (_, index) =>
        `2025-0${1 + (index % 9)}-${String(1 + (index % 28)).padStart(2, '0')} ${String(index % 24).padStart(2, '0')}:${String(Math.floor(index / 24) % 60).padStart(2, '0')},120,80,70`,
    );
    const file = `Date,SYS,DIA,Pulse\n${rows.join('\n')}\n`;
    const query = { timeColumn: '0', columns: '1:systolic,2:diastolic,3:pulse' };
    for (const path of [PREVIEW, IMPORT]) {
      const answer = await send(path, account, file, 'text/csv', query);
      expect(answer.status).toBe(400);
      expect(errorsOf(answer)).toContain(
        'This file gives more than 100,000 readings, the most one import adds',
      );
    }
    expect(await readingsOf(account)).toEqual(before);
  });

  it('JSON nested deeper than any FHIR resource: 400 before it is parsed', async () => {
    const deep = `{"resourceType":"Bundle","entry":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const answer = await preview(account, deep, 'application/fhir+json');
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toContain('The file is nested more than 64 levels deep');
    const lines = `${JSON.stringify({ resourceType: 'Observation' })}\n${'['.repeat(100)}${']'.repeat(100)}\n`;
    const fromLines = await preview(account, lines, 'application/fhir+ndjson');
    expect(errorsOf(fromLines)).toContain('Line 2 is nested more than 64 levels deep');
  });

  it('a compressed body: 415 at once, saying to send the file itself', async () => {
    const response = await server.request(`${PREVIEW}`, {
      method: 'POST',
      headers: {
        'content-type': 'text/csv',
        'content-encoding': 'gzip',
        authorization: `Bearer ${account.token}`,
      },
      body: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { errors: string[] }).errors[0]).toContain(
      'Content-Encoding gzip is not taken on an import: send the file itself, uncompressed',
    );
  });

  it('a file over the size limit, declared: 413 before it is read', async () => {
    const answer = await send(PREVIEW, account, 'x'.repeat(IMPORT_MAX_BYTES + 1), 'text/csv');
    expect(answer.status).toBe(413);
    expect(errorsOf(answer)).toContain('The file is too large: an import takes at most 32 MB');
  });

  it('1 GB streamed without a length: refused once the limit is passed, not read whole', async () => {
    const url = new URL(IMPORT, server.baseUrl);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const outcome = await new Promise<{ status: number; sent: number; body: string }>(
      (resolve, reject) => {
        let sent = 0;
        let done = false;
        const request = http.request(url, {
          method: 'POST',
          headers: {
            'content-type': 'text/csv',
            authorization: `Bearer ${account.token}`,
            'transfer-encoding': 'chunked',
          },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (part: Buffer) => (body += part.toString()));
          response.on('end', () => {
            done = true;
            resolve({ status: response.statusCode ?? 0, sent, body });
            request.destroy();
          });
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (done) return;
          // The server closes the connection once it has refused the upload. When that close
          // reaches this client while it is still writing, the write fails (EPIPE, ECONNRESET)
          // and Node drops the answer already on its way: the upload was still cut short, which is
          // what the checks below hold; status 0 says the answer itself was not seen.
          if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
            done = true;
            resolve({ status: 0, sent, body: '' });
          } else reject(error);
        });
        const pump = () => {
          while (!done && sent < 1024 * chunk.length) {
            sent += chunk.length;
            if (!request.write(chunk)) {
              request.once('drain', pump);
              return;
            }
          }
          if (!done) request.end();
        };
        pump();
      },
    );
    if (outcome.status !== 0) {
      expect(outcome.status).toBe(413);
      expect(outcome.body).toContain('The file is too large');
    }
    // The answer came back (or the connection was closed) once the limit was passed: no more than twice the limit went out (the
    // limit, and what was in flight), not the gigabyte.
    expect(outcome.sent).toBeLessThan(2 * IMPORT_MAX_BYTES);
    expect(await readingsOf(account)).toEqual(before);
  });
});

describe('who may import, and all or nothing', () => {
  const file = vitaliaCsv(
    vitaliaRow({ taken_at: '2026-04-01T08:00:00Z', measure: 'pulse', value: '60' }),
    vitaliaRow({
      taken_at: '2026-04-02T08:00:00Z',
      measure: 'pulse',
      value: '61',
      note: 'make the write fail',
    }),
    vitaliaRow({ taken_at: '2026-04-03T08:00:00Z', measure: 'pulse', value: '62' }),
  );

  it(`allows ${IMPORTS_PER_HOUR} previews and imports an hour, then answers 429`, async () => {
    const account = await signedInAccount(server);
    for (let call = 0; call < IMPORTS_PER_HOUR; call += 1) {
      expect((await preview(account, file)).status).toBe(200);
    }
    const refused = await importFile(account, file);
    expect(refused.status).toBe(429);
    expect(errorsOf(refused)).toContain('Too many imports in an hour');
    expect(await readingsOf(account)).toEqual([]);
  });

  it('answers 401 without a token, before the file is read', async () => {
    expect((await send(PREVIEW, null, file, 'text/csv')).status).toBe(401);
    expect((await send(IMPORT, null, file, 'text/csv')).status).toBe(401);
    // A file over the limit is not even looked at without a session: 401, not 413.
    expect((await send(IMPORT, null, 'x'.repeat(IMPORT_MAX_BYTES + 1), 'text/csv')).status).toBe(
      401,
    );
  });

  it('adds nothing when a write fails part-way', async () => {
    const account = await signedInAccount(server);
    const db = server.app.database.db;
    await db.execute(sql`create or replace function import_test_fail() returns trigger language plpgsql as $$
      begin
        if new.note = 'make the write fail' then raise exception 'the disk is full'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger import_test_fail before insert on health_records for each row execute function import_test_fail()`,
    );
    try {
      const answer = await importFile(account, file);
      expect(answer.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger import_test_fail on health_records`);
    }
    expect(await readingsOf(account)).toEqual([]);
    expect((await importFile(account, file)).body).toMatchObject({ added: 3 });
  });

  it('two imports of the same file at once add it once', async () => {
    const account = await signedInAccount(server);
    const answers = await Promise.all([importFile(account, file), importFile(account, file)]);
    // One adds the file. The other, sent while the first is read, is told to wait for it (a
    // person's files are read one at a time); sent while the first is written, it waits for the
    // person's lock and then finds every reading saved.
    const outcomes = answers
      .map((answer) =>
        answer.status === 200
          ? `added ${answer.body.added}`
          : `${answer.status} ${(answer.body as unknown as { details: Array<{ code: string }> }).details[0]?.code}`,
      )
      .sort();
    expect([
      ['added 0', 'added 3'],
      ['429 IMPORT_IN_PROGRESS', 'added 3'],
    ]).toContainEqual(outcomes);
    const rows = await server.app.database.db
      .select()
      .from(healthRecords)
      .where(eq(healthRecords.userId, account.userId));
    expect(rows).toHaveLength(3);
  });
});
