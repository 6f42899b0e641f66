// Files laid out as other apps and meters write them (docs/decisions/0031-importing-readings.md),
// with fixtures written for this project in each layout: a monitor that logs the room's
// temperature and its time zone, a glucose app that begins with a title line and keeps two
// glucose columns, a phone app with a title line and an offset per row, FHIR from two people, and
// FHIR in units and codes other systems write. Then the round trip: export, import into a new
// account, export again, equal apart from ids and where each reading came from.
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReading, HistoryPage } from '@vitalia/api/records.contract';
import { healthRecords } from '../../../db/schema/records.table.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call, signedInAccount, type SignedInAccount } from '../../../test/test-calls.ts';
import { errorsOf, importCalls } from './import.test-helpers.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

const { preview, importFile } = importCalls(() => server);

async function readingsOf(account: SignedInAccount): Promise<HealthReading[]> {
  const page = await call<HistoryPage>(
    server,
    'GET',
    '/api/v1/records/healths?order=ASC&limit=200',
    { token: account.token },
  );
  expect(page.status).toBe(200);
  return page.body.items;
}

async function exported(account: SignedInAccount): Promise<Record<string, Uint8Array>> {
  const archive = await server.request('/api/v1/account/export?timeZone=Africa/Lagos', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(archive.status).toBe(200);
  return unzipSync(new Uint8Array(await archive.arrayBuffer()));
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('a blood pressure monitor that logs the room and its time zone', () => {
  const monitor = [
    'Measurement Date,Measurement Time,Timezone,Systolic(mmHg),Diastolic(mmHg),Pulse(bpm),Room temperature(°C)',
    '2026/01/13,07:45,+01:00,128,82,70,24',
    '2026/01/13,21:10,+00:00,124,79,68,31',
  ].join('\n');

  it('guesses no body temperature, and reads each row in its own offset', async () => {
    const account = await signedInAccount(server);
    const seen = await preview(account, monitor, 'text/csv', { timeZone: 'Asia/Tokyo' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.csv?.guessed).toMatchObject({
      timeColumn: 0,
      timeOfDayColumn: 1,
      zoneColumn: 2,
      dateOrder: 'YMD',
      columns: [
        { column: 3, role: 'systolic' },
        { column: 4, role: 'diastolic' },
        { column: 5, role: 'pulse' },
      ],
    });
    // The rows' own offsets win over the zone the query names.
    expect(seen.body.first.map((reading) => [reading.measure, reading.takenAt])).toEqual([
      ['bloodPressure', '2026-01-13T06:45:00.000Z'],
      ['pulse', '2026-01-13T06:45:00.000Z'],
      ['bloodPressure', '2026-01-13T21:10:00.000Z'],
      ['pulse', '2026-01-13T21:10:00.000Z'],
    ]);
  });

  it('shows what a column mapped by hand as body temperature would say, before importing', async () => {
    const account = await signedInAccount(server);
    const query = {
      timeColumn: '0',
      timeOfDayColumn: '1',
      zoneColumn: '2',
      columns: '3:systolic,4:diastolic,6:temperature',
    };
    const seen = await preview(account, monitor, 'text/csv', query);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const temperatures = seen.body.samples.filter((reading) => reading.measure === 'temperature');
    expect(temperatures.map((reading) => [reading.value, reading.colour, reading.label])).toEqual([
      ['31', 'red', 'Hypothermia'],
    ]);
    // 24 °C is below any body temperature a thermometer takes: that row's temperature is refused.
    expect(seen.body.refused).toEqual([
      {
        line: 2,
        entry: null,
        reason:
          'temperature must be a number between 25 and 45 °C (send degrees Celsius; convert Fahrenheit first)',
      },
    ]);
    const pressure = seen.body.samples.find((reading) => reading.measure === 'bloodPressure');
    expect(pressure).toMatchObject({ value: '128', secondValue: '82', colour: expect.any(String) });
  });

  it('refuses a row whose zone cell is not a zone, saying what it reads', async () => {
    const account = await signedInAccount(server);
    const file = `${monitor}\n2026/01/14,07:00,Lagos time,120,80,66,25\n`;
    const seen = await preview(account, file, 'text/csv', {
      timeColumn: '0',
      timeOfDayColumn: '1',
      zoneColumn: '2',
      columns: '3:systolic,4:diastolic',
    });
    expect(seen.body.refused).toEqual([
      {
        line: 4,
        entry: null,
        reason:
          'time zone "Lagos time" is not one this import reads (Africa/Lagos, UTC+01:00, +0100)',
      },
    ]);
  });
});

describe('columns that share a measure’s words but are not its readings', () => {
  it('guesses none of them: skin temperature, a warm room, HbA1c, a desaturation index', async () => {
    const account = await signedInAccount(server);
    const file = [
      'Date,Skin Temperature (°C),Temp,Glycated haemoglobin (mmol/mol),HbA1c glycated %,Oxygen desaturation index,Pulse',
      '2026-01-13 07:45,32.5,26.1,48,6.5,5,64',
      '2026-01-14 07:45,33.4,31.8,52,6.7,4,66',
    ].join('\n');
    const seen = await preview(account, file, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.csv?.guessed?.columns).toEqual([{ column: 6, role: 'pulse' }]);
  });

  it('keeps the first line as the header when a reading’s note holds commas', async () => {
    const account = await signedInAccount(server);
    const file =
      'Date,Mood,Note\n2026-01-13 07:45,Happy,rested\n2026-01-14 07:45,Sad,tired, headache, cold\n';
    const seen = await preview(account, file, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.body.csv?.headerLine).toBe(1);
    expect(seen.body.csv?.header).toEqual(['Date', 'Mood', 'Note']);
  });

  it('reads no number of minutes as hours and minutes in a zone column', async () => {
    const account = await signedInAccount(server);
    const file = 'Date,UTC offset,Pulse\n2026-01-13 07:45,+120,64\n2026-01-13 08:45,+01:00,65\n';
    const seen = await preview(account, file, 'text/csv', {
      timeColumn: '0',
      zoneColumn: '1',
      columns: '2:pulse',
    });
    expect(seen.body.refused).toEqual([
      {
        line: 2,
        entry: null,
        reason: 'time zone "+120" is not one this import reads (Africa/Lagos, UTC+01:00, +0100)',
      },
    ]);
    expect(seen.body.first.map((reading) => reading.takenAt)).toEqual(['2026-01-13T07:45:00.000Z']);
  });
});

describe('a glucose app that begins with a title line and keeps historic and scan columns', () => {
  const header = [
    'Device',
    'Serial Number',
    'Device Timestamp',
    'Record Type',
    'Historic Glucose mmol/L',
    'Scan Glucose mmol/L',
    'Non-numeric Rapid-Acting Insulin',
    'Rapid-Acting Insulin (units)',
    'Non-numeric Food',
    'Carbohydrates (grams)',
    'Carbohydrates (servings)',
    'Non-numeric Long-Acting Insulin',
    'Long-Acting Insulin (units)',
    'Notes',
    'Strip Glucose mmol/L',
    'Ketone mmol/L',
    'Meal Insulin (units)',
    'Correction Insulin (units)',
    'User Change Insulin (units)',
  ];
  const row = (cells: Record<number, string>) =>
    header.map((_, column) => cells[column] ?? '').join(',');
  const meter = [
    'Glucose Data,Generated on,28-01-2026 10:00 UTC,Generated by,Ada Obi',
    header.join(','),
    row({ 0: 'Glucose App', 1: 'X1', 2: '27-01-2026 07:15', 3: '0', 4: '5.6' }),
    row({ 0: 'Glucose App', 1: 'X1', 2: '27-01-2026 07:30', 3: '1', 5: '6.1' }),
    row({ 0: 'Glucose App', 1: 'X1', 2: '27-01-2026 08:00', 3: '6', 13: 'breakfast' }),
    row({ 0: 'Glucose App', 1: 'X1', 2: '27-01-2026 09:00', 3: '0', 4: '5.5', 5: '7.0' }),
  ].join('\r\n');

  it('finds the header under the title line, and guesses both glucose columns', async () => {
    const account = await signedInAccount(server);
    const seen = await preview(account, meter, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.csv?.headerLine).toBe(2);
    expect(seen.body.csv?.header).toHaveLength(19);
    expect(seen.body.csv?.guessed).toMatchObject({
      timeColumn: 2,
      sugarUnit: 'mmol/L',
      columns: expect.arrayContaining([
        { column: 4, role: 'sugar' },
        { column: 5, role: 'sugar' },
      ]),
    });
  });

  it('maps columns past the title line’s width, one reading from whichever column a row fills', async () => {
    const account = await signedInAccount(server);
    const query = {
      timeColumn: '2',
      dateOrder: 'DMY',
      timeZone: 'Africa/Lagos',
      columns: '4:sugar,5:sugar,13:note',
      sugarUnit: 'mmol/L',
      fileName: 'glucose-app.csv',
    };
    const seen = await preview(account, meter, 'text/csv', query);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.first, JSON.stringify(seen.body.refused)).toHaveLength(2);
    expect(seen.body.first.map((reading) => [reading.takenAt, reading.enteredValue])).toEqual([
      ['2026-01-27T06:15:00.000Z', '5.6'],
      ['2026-01-27T06:30:00.000Z', '6.1'],
    ]);
    expect(seen.body.refused).toEqual([
      { line: 5, entry: null, reason: 'no value in the columns chosen for readings' },
      {
        line: 6,
        entry: null,
        reason:
          'blood sugar is in two columns of this row (5.5 and 7.0): a row may fill only one of them',
      },
    ]);
    // Said to be taken after a meal, the sugars are rated against the after-meal ranges.
    const afterMeal = await preview(account, meter, 'text/csv', {
      ...query,
      sugarMeal: 'after-meal',
    });
    expect(afterMeal.body.first.map((reading) => reading.context)).toEqual(['HadMeal', 'HadMeal']);
    expect(seen.body.first.map((reading) => reading.context)).toEqual([null, null]);
    const done = await importFile(account, meter, 'text/csv', { ...query, skipRefused: 'true' });
    expect(done.body).toMatchObject({ added: 2, refusedCount: 2 });
    const stored = await server.app.database.db
      .select({ from: healthRecords.importedFrom, format: healthRecords.importFormat })
      .from(healthRecords)
      .where(eq(healthRecords.userId, account.userId));
    expect(stored).toEqual([
      { from: 'glucose-app.csv', format: 'csv' },
      { from: 'glucose-app.csv', format: 'csv' },
    ]);
    // The day's cap counts what was imported.
    expect((await preview(account, meter, 'text/csv', query)).body.limits).toEqual({
      readingsPerImport: 100_000,
      readingsPerDay: 200_000,
      importedToday: 2,
    });
  });

  it('still refuses two columns of a measure of two values', async () => {
    const account = await signedInAccount(server);
    const answer = await preview(account, meter, 'text/csv', {
      timeColumn: '2',
      columns: '4:systolic,5:systolic,7:diastolic',
    });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toContain('two columns hold systolic');
  });
});

describe('a phone app with a title line and an offset on every row', () => {
  const phone = [
    'com.example.health.blood_pressure,6313004,2',
    'mean,pulse,comment,max,diastolic,time_offset,systolic,start_time,update_time',
    '95,72,,,80,UTC+0100,131,2026-01-13 06:45:00.000,2026-01-13 06:46:10.000',
    '92,70,after walk,,78,UTC-0500,125,2026-01-13 20:00:00.000,2026-01-13 20:01:00.000',
  ].join('\n');

  it('skips the title line, takes the start time, and reads each row in its offset', async () => {
    const account = await signedInAccount(server);
    const seen = await preview(account, phone, 'text/csv', { timeZone: 'Africa/Lagos' });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.csv?.headerLine).toBe(2);
    expect(seen.body.csv?.guessed).toMatchObject({ timeColumn: 7, zoneColumn: 5 });
    const pressures = seen.body.first.filter((reading) => reading.measure === 'bloodPressure');
    expect(
      pressures.map((reading) => [reading.value, reading.secondValue, reading.takenAt]),
    ).toEqual([
      ['131', '80', '2026-01-13T05:45:00.000Z'],
      ['125', '78', '2026-01-14T01:00:00.000Z'],
    ]);
  });
});

describe('FHIR from other systems', () => {
  const observation = (code: string, value: Record<string, unknown>, subject?: string) => ({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code }] },
    effectiveDateTime: '2026-02-10T08:00:00+01:00',
    ...(subject ? { subject: { reference: subject } } : {}),
    ...value,
  });

  it('refuses a file of two people’s readings, naming them, and adds nothing', async () => {
    const account = await signedInAccount(server);
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: 'urn:uuid:aaa', resource: { resourceType: 'Patient', id: 'ada' } },
        {
          resource: observation(
            '8867-4',
            { valueQuantity: { value: 61, code: '/min' } },
            'urn:uuid:aaa',
          ),
        },
        {
          resource: observation(
            '8867-4',
            { valueQuantity: { value: 64, code: '/min' } },
            'Patient/ada',
          ),
        },
        {
          resource: observation(
            '8867-4',
            { valueQuantity: { value: 90, code: '/min' } },
            'Patient/bola',
          ),
        },
      ],
    };
    for (const call of [preview, importFile]) {
      const answer = await call(account, JSON.stringify(bundle), 'application/fhir+json');
      expect(answer.status).toBe(400);
      expect(errorsOf(answer)).toContain(
        'This file holds the readings of 2 people ("Patient/ada", "Patient/bola")',
      );
    }
    const ndjson = bundle.entry
      .slice(1)
      .map((each) => JSON.stringify(each.resource))
      .join('\n');
    const fromLines = await preview(account, ndjson, 'application/fhir+ndjson');
    expect(fromLines.status).toBe(400);
    expect(errorsOf(fromLines)).toContain('readings of 3 people');
    expect(await readingsOf(account)).toEqual([]);
    // One person's entries, named by fullUrl and by id, are one person.
    bundle.entry.pop();
    expect(
      (await preview(account, JSON.stringify(bundle), 'application/fhir+json')).body,
    ).toMatchObject({
      toAdd: 2,
    });
  });

  it('refuses readings that name nobody beside readings that name someone, and contained patients of two people', async () => {
    const account = await signedInAccount(server);
    const pulse = (value: number) => ({ valueQuantity: { value, code: '/min' } });
    const mixed = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: observation('8867-4', pulse(61), 'Patient/ada') },
        { resource: observation('8867-4', pulse(90)) },
      ],
    };
    const answer = await preview(account, JSON.stringify(mixed), 'application/fhir+json');
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toContain('an Observation that names no subject');
    const contained = (id: string, value: number) => ({
      ...observation('8867-4', pulse(value), '#p1'),
      contained: [{ resourceType: 'Patient', id: 'p1', identifier: [{ system: 'x', value: id }] }],
    });
    const two = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: contained('ada', 61) }, { resource: contained('bola', 90) }],
    };
    const refused = await preview(account, JSON.stringify(two), 'application/fhir+json');
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toContain('readings of 2 people');
    const one = {
      ...two,
      entry: [{ resource: contained('ada', 61) }, { resource: contained('ada', 64) }],
    };
    expect((await preview(account, JSON.stringify(one), 'application/fhir+json')).status).toBe(200);
  });

  it('reads units as UCUM compares them and the codes other systems write, and says why a date alone is refused', async () => {
    const account = await signedInAccount(server);
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: [
        { response: { status: '201 Created' } },
        { request: { method: 'DELETE', url: 'Observation/9' } },
        { resource: observation('41653-7', { valueQuantity: { value: 104, unit: 'mg/dl' } }) },
        { resource: observation('2345-7', { valueQuantity: { value: 5.4, code: 'mmol/l' } }) },
        {
          resource: observation('8889-8', {
            valueQuantity: { value: 66, system: 'http://unitsofmeasure.org', code: '{beats}/min' },
          }),
        },
        {
          resource: observation('14647-2', {
            valueQuantity: { value: 5.2, system: 'http://unitsofmeasure.org', code: 'mmol/L' },
          }),
        },
        {
          resource: {
            ...observation('8310-5', { valueQuantity: { value: 36.9, code: 'Cel' } }),
            effectiveDateTime: '2026-02-10',
          },
        },
      ],
    };
    const seen = await preview(account, JSON.stringify(bundle), 'application/fhir+json');
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ rows: 7, passedOver: 2, toAdd: 4, refusedCount: 1 });
    expect(seen.body.refused).toEqual([
      {
        line: null,
        entry: 6,
        reason:
          'effectiveDateTime "2026-02-10" is a date without a time of day: a reading needs the time it was taken (such as 2026-01-31T08:30:00+01:00)',
      },
    ]);
    expect(
      seen.body.first.map((reading) => [reading.measure, reading.value, reading.enteredValue]),
    ).toEqual([
      ['sugar', '104', null],
      ['sugar', expect.stringMatching(/^9\d/), '5.4'],
      ['pulse', '66', null],
      // 5.2 mmol/L at 38.67 mg/dL per mmol/L: borderline high, as it is.
      ['cholesterol', '201.084', null],
    ]);
    expect(seen.body.first.at(-1)).toMatchObject({ colour: 'yellow' });
  });
});

describe('the round trip: export, import into a new account, export again', () => {
  it('gives the same files apart from ids, and keeps where each reading came from', async () => {
    const first = await signedInAccount(server);
    const typed = [
      { Tag: 'Blood-sugar', TagValue: '6.0', Unit: 'mmol/L', TakenAt: '2026-01-11T12:00:00Z' },
      { Tag: 'Systolic', TagValue: 131, MinTagValue: 85, TakenAt: '2026-01-10T07:15:30+01:00' },
    ];
    for (const reading of typed) {
      const answer = await call(server, 'POST', '/api/v1/records/health', {
        token: first.token,
        body: reading,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const imported = await importFile(first, 'Date,Pulse\n2026-01-12 08:00,64\n', 'text/csv', {
      timeColumn: '0',
      columns: '1:pulse',
      timeZone: 'Africa/Lagos',
      fileName: 'watch.csv',
    });
    expect(imported.body).toMatchObject({ added: 1 });
    const assessment = await call(server, 'PUT', '/api/v1/records/assessment', {
      token: first.token,
      body: {
        Smoke: false,
        Alcohol: false,
        RecreationalDrugs: false,
        SelfMedicate: false,
        HerbalConcotion: false,
        Illness: false,
        Cancer: false,
      },
    });
    expect(assessment.status).toBeLessThan(300);

    const once = await exported(first);
    const csvOnce = text(once['readings.csv']);
    // A sugar typed in mmol/L is written as typed.
    expect(csvOnce).toContain('"sugar","6.0",,"mmol/L","6.0","mmol/L"');
    expect(csvOnce).not.toContain('107.4');
    expect(csvOnce).toContain('"watch.csv","csv"');
    const bundleOnce = JSON.parse(text(once['fhir.json'])) as FhirBundle;
    const patient = bundleOnce.entry[0]!.resource;
    expect(patient.identifier).toEqual([
      { system: 'https://vitalia.example/fhir/NamingSystem/account', value: first.userId },
    ]);
    const again = JSON.parse(text((await exported(first))['fhir.json'])) as FhirBundle;
    const responses = (bundle: FhirBundle) =>
      bundle.entry.filter((each) => each.resource.resourceType === 'QuestionnaireResponse');
    expect(responses(again).map((each) => each.fullUrl)).toEqual(
      responses(bundleOnce).map((each) => each.fullUrl),
    );
    for (const each of responses(again)) {
      expect(each.resource).toMatchObject({
        id: each.fullUrl.replace('urn:uuid:', ''),
        questionnaire: 'https://vitalia.example/fhir/Questionnaire/risk-assessment',
      });
    }

    const second = await signedInAccount(server);
    const fromFhir = await importFile(second, once['fhir.json']!, 'application/fhir+json', {
      fileName: 'fhir.json',
    });
    expect(fromFhir.body).toMatchObject({ added: 3, refusedCount: 0 });
    const twice = await exported(second);
    const observations = (bundle: FhirBundle) =>
      bundle.entry
        .filter((each) => each.resource.resourceType === 'Observation')
        .map(({ resource }) => {
          const { id: _id, issued: _issued, subject: _subject, extension, ...rest } = resource;
          return {
            ...rest,
            // Where a reading came from is kept when it was imported before; a typed reading
            // now says it came from the file it was brought in with.
            extension: ((extension as Array<{ url: string }> | undefined) ?? []).filter(
              (each) => !each.url.endsWith('/imported-from'),
            ),
            importedFrom: JSON.stringify(
              (extension as Array<{ url: string }> | undefined)?.find((each) =>
                each.url.endsWith('/imported-from'),
              ) ?? null,
            ),
          };
        });
    const before = observations(bundleOnce);
    const after = observations(JSON.parse(text(twice['fhir.json'])) as FhirBundle);
    expect(after.map(({ importedFrom: _, ...rest }) => rest)).toEqual(
      before.map(({ importedFrom: _, ...rest }) => rest),
    );
    expect(after.map((each) => each.importedFrom)).toEqual(
      before.map((each) =>
        each.importedFrom.includes('watch.csv')
          ? each.importedFrom
          : JSON.stringify({
              url: 'https://vitalia.example/fhir/StructureDefinition/imported-from',
              extension: [
                { url: 'file', valueString: 'fhir.json' },
                { url: 'format', valueCode: 'fhir-bundle' },
              ],
            }),
      ),
    );

    // readings.csv, imported into a third account and exported again, is the same file apart
    // from where the typed readings now say they came from. (It keeps 6.0 as typed; JSON numbers
    // in fhir.json carry 6, the same quantity.)
    const third = await signedInAccount(server);
    const fromCsv = await importFile(third, once['readings.csv']!, 'text/csv', {
      fileName: 'readings.csv',
    });
    expect(fromCsv.body).toMatchObject({ added: 3, refusedCount: 0 });
    const csvThrice = text((await exported(third))['readings.csv']);
    const lines = (csv: string) => csv.trim().split('\r\n');
    expect(lines(csvThrice)).toEqual(
      lines(csvOnce).map((line) =>
        line.endsWith(',,') ? line.replace(/,,$/, ',"readings.csv","vitalia-csv"') : line,
      ),
    );
  });
});

interface FhirBundle {
  entry: Array<{ fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }>;
}
