// "Download my data" (docs/decisions/0030-data-export.md): the archive a person downloads holds
// their readings of every measure as CSV and as a FHIR R4 Bundle that the published FHIR schema
// accepts, their profile, orders, assessment and sharing log, and nothing of anyone else.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_FILES,
  EXPORTS_PER_HOUR,
  READINGS_CSV_COLUMNS,
} from '@vitalia/api/portability.contract';
import { users } from '../../../db/schema/identity.table.ts';
import { healthRecords } from '../../../db/schema/records.table.ts';
import { products } from '../../../db/schema/store.table.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call, signedInAccount, type SignedInAccount } from '../../../test/test-calls.ts';
import { fhirBundleValidator, schemaErrors } from './fhir-schema.test-helper.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
  await server.app.database.db.insert(products).values({
    slug: 'weekly-pill-organiser',
    name: 'Weekly pill organiser',
    description: 'Seven days, two compartments each.',
    priceMinor: 250_000,
    stock: 10,
  });
});
afterAll(() => server.close());

const EXPORT = '/api/v1/account/export';

interface Downloaded {
  status: number;
  headers: Headers;
  files: Record<string, string>;
  body: Uint8Array;
}

/** Decodes UTF-8 and keeps a byte order mark, which the files must start with. */
const keepingBom = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

async function download(account: SignedInAccount, query = ''): Promise<Downloaded> {
  const response = await server.request(`${EXPORT}${query}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const body = new Uint8Array(await response.arrayBuffer());
  const files =
    response.status === 200
      ? Object.fromEntries(
          Object.entries(unzipSync(body)).map(([name, bytes]) => [name, keepingBom.decode(bytes)]),
        )
      : {};
  return { status: response.status, headers: response.headers, files, body };
}

/** RFC 4180 read back: quoted cells with doubled quotes, CRLF between records. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) records.push([...cells, cell]);
  return records;
}

function rowsByColumn(csv: string): Array<Record<string, string>> {
  const [header = [], ...rows] = csvRecords(csv.replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

async function record(who: SignedInAccount, body: Record<string, unknown>): Promise<string> {
  const result = await call<{ id: string }>(server, 'POST', '/api/v1/records/health', {
    token: who.token,
    body,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id;
}

const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 0, day, hour, 30, 0)).toISOString();

type Resource = Record<string, unknown> & { resourceType: string };
interface Entry {
  fullUrl: string;
  resource: Resource;
}
type Coding = { system: string; code: string; display?: string };
const codesOf = (concept: unknown) =>
  ((concept as { coding?: Coding[] } | undefined)?.coding ?? []).map(
    (coding) => `${coding.system}|${coding.code}`,
  );
const LOINC = 'http://loinc.org';
const VS = 'http://hl7.org/fhir/StructureDefinition/';

describe('the archive of a person with a full history', () => {
  let ngozi: SignedInAccount;
  let other: SignedInAccount;
  let archive: Downloaded;
  let otherEmail: string;
  const formulaNote = '=HYPERLINK("http://evil.example","click")';

  beforeAll(async () => {
    ngozi = await signedInAccount(server);
    other = await signedInAccount(server);
    const db = server.app.database.db;
    await db
      .update(users)
      .set({
        firstName: 'Ngozi',
        lastName: 'Adeyemi',
        gender: 'Female',
        dob: '1980-05-17',
        heightMm: 1650,
        emailVerifiedAt: new Date(),
      })
      .where(eq(users.id, ngozi.userId));
    // An order needs a confirmed address (docs/decisions/0023-order-mail.md).
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, other.userId));
    for (const measure of ['temperature', 'bloodPressure']) {
      await call(server, 'PUT', `/api/v1/records/followed/${measure}`, { token: ngozi.token });
    }
    // Recorded out of order: the archive is oldest first whatever the order of recording.
    await record(ngozi, { Tag: 'Pulse Value', TagValue: 72, TakenAt: at(5) });
    await record(ngozi, { Tag: 'SPO2Value', TagValue: 97, TakenAt: at(1), Device: 'Oximeter' });
    await record(ngozi, {
      Tag: 'Blood-sugar',
      TagValue: 7.0,
      Unit: 'mmol/L',
      Narration: 'HadDiabetics',
      TakenAt: at(2),
    });
    await record(ngozi, { Tag: 'Blood-sugar', TagValue: 95, TakenAt: at(2, 10) });
    await record(ngozi, { Tag: 'BMI', TagValue: 24.2, Weight: 65.9, TakenAt: at(3) });
    await record(ngozi, { Tag: 'Mood', TagValue: 'Very Sad', TakenAt: at(4), Note: formulaNote });
    await record(ngozi, {
      Tag: 'Systolic',
      TagValue: 128,
      MinTagValue: 82,
      TakenAt: at(6),
      Note: 'left arm, "after" a walk',
      DirectFromDevice: true,
      Device: 'Omron M3',
      Report: 'irregular heartbeat symbol shown',
    });
    await record(ngozi, { Tag: 'FEV2', TagValue: 85, MinTagValue: 78, TakenAt: at(7) });
    await record(ngozi, { Tag: 'Temperature', TagValue: 38.4, TakenAt: at(8) });
    await record(ngozi, { Tag: 'Cholesterol Value', TagValue: 210, TakenAt: at(9) });
    const saved = await call(server, 'PUT', '/api/v1/records/assessment', {
      token: ngozi.token,
      body: {
        Smoke: false,
        Alcohol: true,
        RecreationalDrugs: false,
        SelfMedicate: false,
        HerbalConcotion: true,
        Illness: false,
        Cancer: false,
      },
    });
    expect(saved.status).toBeLessThan(300);
    const list = await call<{ items: Array<{ productID: string; slug: string }> }>(
      server,
      'GET',
      '/api/v1/store/products?limit=100',
    );
    const organiser = list.body.items.find((item) => item.slug === 'weekly-pill-organiser');
    const order = (token: string, name: string) =>
      call(server, 'POST', '/api/v1/store/orders', {
        token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: {
          fulfilment: 'pickup',
          items: [{ productID: organiser?.productID, count: 2 }],
          contact: {
            firstName: name,
            surname: 'Buyer',
            phone: '+234 803 555 0101',
            email: 'b@example.com',
          },
        },
      });
    expect((await order(ngozi.token, 'Ngozi')).status).toBe(201);
    expect((await order(other.token, 'Otherperson')).status).toBe(201);
    const link = await call(server, 'POST', '/api/v1/sharing/links', {
      token: ngozi.token,
      body: {
        label: 'Dr Bello, "clinic"',
        measures: ['bloodPressure'],
        lifetimeHours: 24,
        withCode: false,
      },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    // Someone else's reading with words of their own, which must not appear anywhere.
    await record(other, { Tag: 'Pulse Value', TagValue: 64, TakenAt: at(5), Note: 'OTHER-NOTE' });
    otherEmail = (
      await call<{ username: string }>(server, 'GET', '/api/v1/identity/profile', {
        token: other.token,
      })
    ).body.username;
    archive = await download(ngozi);
  });

  it('answers a zip to save, not to cache, named for the day', () => {
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect(archive.headers.get('content-disposition')).toMatch(
      /^attachment; filename="vitalia-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(archive.headers.get('cache-control')).toBe('no-store');
    // Sent as it is made: no length is known up front.
    expect(archive.headers.get('content-length')).toBeNull();
    expect(archive.headers.get('transfer-encoding')).toBe('chunked');
    expect(Object.keys(archive.files)).toEqual([...EXPORT_FILES]);
  });

  it('writes readings.csv oldest first, with a BOM, quoting and formulas neutralised', () => {
    const csv = archive.files['readings.csv'] ?? '';
    expect(csv.startsWith('\uFEFF"taken_at","measure","value"')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header] = csvRecords(csv.slice(1));
    expect(header).toEqual(READINGS_CSV_COLUMNS.map((column) => column.name));
    const rows = rowsByColumn(csv);
    expect(rows.map((row) => row.measure)).toEqual([
      'oxygen',
      'sugar',
      'sugar',
      'bmi',
      'mood',
      'pulse',
      'bloodPressure',
      'breathing',
      'temperature',
      'cholesterol',
    ]);
    expect(rows[0]).toMatchObject({
      taken_at: '2026-01-01T09:30:00Z',
      value: '97',
      unit: '%',
      colour: 'green',
      label: 'Normal',
      device: 'Oximeter',
      from_device: 'false',
    });
    // Typed in mmol/L, written as typed; rated with its mg/dL equivalent, 126.
    expect(rows[1]).toMatchObject({
      measure: 'sugar',
      value: '7',
      unit: 'mmol/L',
      entered_value: '7',
      entered_unit: 'mmol/L',
      context: 'HadDiabetics',
    });
    expect(rows[3]).toMatchObject({ measure: 'bmi', value: '24.2', weight_kg: '65.9' });
    // The cell is quoted, and starts with an apostrophe so a spreadsheet shows it as text.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(rows[4]).toMatchObject({ measure: 'mood', value: 'Very Sad', colour: 'red' });
    expect(rows[4]?.note).toBe(`'${formulaNote}`);
    expect(rows[6]).toMatchObject({
      value: '128',
      second_value: '82',
      unit: 'mmHg',
      note: 'left arm, "after" a walk',
      device: 'Omron M3',
      from_device: 'true',
      report: 'irregular heartbeat symbol shown',
    });
    expect(rows[7]).toMatchObject({ value: '85', second_value: '78', unit: '% of predicted' });
  });

  it("rates each reading with the colour and words of the person's own analysis", async () => {
    const analysis = await call<{
      measures: Record<string, { colour: string; result: string }>;
    }>(server, 'GET', '/api/v1/records/analysis', { token: ngozi.token });
    expect(analysis.status).toBe(200);
    const rows = rowsByColumn(archive.files['readings.csv'] ?? '');
    // The newest reading of each measure is the one the analysis rates.
    const newest = new Map(rows.map((row) => [row.measure ?? '', row]));
    for (const [measure, row] of newest) {
      const rated = analysis.body.measures[measure];
      expect({ measure, colour: row.colour, label: row.label }).toEqual({
        measure,
        colour: rated?.colour,
        label: rated?.result,
      });
    }
  });

  it('writes fhir.json as a FHIR R4 Bundle that the published R4 schema accepts', () => {
    const bundle = JSON.parse(archive.files['fhir.json'] ?? '') as {
      resourceType: string;
      type: string;
      entry: Entry[];
    };
    const validate = fhirBundleValidator();
    expect(validate(bundle), schemaErrors(validate).join('\n')).toBe(true);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const kinds = bundle.entry.map((item) => item.resource.resourceType);
    expect(kinds).toEqual([
      'Patient',
      ...Array<string>(10).fill('Observation'),
      'QuestionnaireResponse',
    ]);
    for (const item of bundle.entry) {
      expect(item.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    }
    const [patient] = bundle.entry;
    expect(patient).toMatchObject({
      fullUrl: `urn:uuid:${ngozi.userId}`,
      resource: {
        resourceType: 'Patient',
        name: [{ family: 'Adeyemi', given: ['Ngozi'] }],
        gender: 'female',
        birthDate: '1980-05-17',
      },
    });
    for (const item of bundle.entry.slice(1)) {
      expect(item.resource.subject).toEqual({ reference: `urn:uuid:${ngozi.userId}` });
    }
  });

  it('codes every measure with LOINC, UCUM and the vital-signs profile where there is one', () => {
    const bundle = JSON.parse(archive.files['fhir.json'] ?? '') as { entry: Entry[] };
    const observations = bundle.entry
      .map((item) => item.resource)
      .filter((resource) => resource.resourceType === 'Observation');
    const summary = observations.map((observation) => ({
      code: codesOf(observation.code),
      profile: (observation.meta as { profile?: string[] } | undefined)?.profile ?? [],
      category: codesOf((observation.category as unknown[])[0]),
      value: observation.valueQuantity ?? observation.valueCodeableConcept ?? null,
      components: ((observation.component ?? []) as Array<Record<string, unknown>>).map((part) => ({
        code: codesOf(part.code),
        value: part.valueQuantity,
      })),
      interpretation: codesOf((observation.interpretation as unknown[] | undefined)?.[0]),
      effective: observation.effectiveDateTime,
      status: observation.status,
    }));
    const vitalSigns = ['http://terminology.hl7.org/CodeSystem/observation-category|vital-signs'];
    const laboratory = ['http://terminology.hl7.org/CodeSystem/observation-category|laboratory'];
    const ucum = (value: number, code: string) =>
      expect.objectContaining({ value, system: 'http://unitsofmeasure.org', code });
    const hl7 = (code: string) => [
      `http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation|${code}`,
    ];
    expect(summary).toEqual([
      expect.objectContaining({
        code: [`${LOINC}|59408-5`, `${LOINC}|2708-6`],
        profile: [`${VS}oxygensat`],
        category: vitalSigns,
        value: ucum(97, '%'),
        interpretation: hl7('N'),
        effective: '2026-01-01T09:30:00Z',
        status: 'final',
      }),
      expect.objectContaining({
        code: [`${LOINC}|15074-8`],
        profile: [],
        category: laboratory,
        value: ucum(7, 'mmol/L'),
      }),
      expect.objectContaining({ code: [`${LOINC}|2339-0`], value: ucum(95, 'mg/dL') }),
      expect.objectContaining({
        code: [`${LOINC}|39156-5`],
        profile: [`${VS}bmi`],
        value: ucum(24.2, 'kg/m2'),
        components: [{ code: [`${LOINC}|29463-7`], value: ucum(65.9, 'kg') }],
        interpretation: hl7('N'),
      }),
      expect.objectContaining({
        code: ['https://vitalia.example/fhir/CodeSystem/observation|mood'],
        value: expect.objectContaining({
          coding: [
            {
              system: 'https://vitalia.example/fhir/CodeSystem/mood',
              code: 'very-sad',
              display: 'Very Sad',
            },
          ],
        }),
        interpretation: hl7('A'),
      }),
      expect.objectContaining({
        code: [`${LOINC}|8867-4`],
        profile: [`${VS}heartrate`],
        value: ucum(72, '/min'),
      }),
      expect.objectContaining({
        code: [`${LOINC}|85354-9`],
        profile: [`${VS}bp`],
        value: null,
        components: [
          { code: [`${LOINC}|8480-6`], value: ucum(128, 'mm[Hg]') },
          { code: [`${LOINC}|8462-4`], value: ucum(82, 'mm[Hg]') },
        ],
      }),
      expect.objectContaining({
        value: null,
        components: [
          {
            code: ['https://vitalia.example/fhir/CodeSystem/observation|fev2-percent-predicted'],
            value: ucum(85, '%'),
          },
          { code: [`${LOINC}|20152-5`], value: ucum(78, '%') },
        ],
        interpretation: hl7('A'),
      }),
      expect.objectContaining({
        code: [`${LOINC}|8310-5`],
        profile: [`${VS}bodytemp`],
        value: ucum(38.4, 'Cel'),
        interpretation: hl7('H'),
      }),
      expect.objectContaining({
        code: [`${LOINC}|2093-3`],
        category: laboratory,
        value: ucum(210, 'mg/dL'),
        interpretation: hl7('H'),
      }),
    ]);
    const mood = observations[4];
    expect(mood?.note).toEqual([{ text: formulaNote }]);
    expect(observations[1]?.extension).toEqual([
      {
        url: 'https://vitalia.example/fhir/StructureDefinition/blood-sugar-context',
        valueString: 'HadDiabetics',
      },
    ]);
    const pressure = observations[6];
    expect(pressure?.device).toEqual({ display: 'Omron M3' });
    expect(pressure?.extension).toEqual([
      {
        url: 'https://vitalia.example/fhir/StructureDefinition/sent-by-device',
        valueBoolean: true,
      },
      {
        url: 'https://vitalia.example/fhir/StructureDefinition/reading-report',
        valueString: 'irregular heartbeat symbol shown',
      },
    ]);
  });

  it('writes the assessment as a QuestionnaireResponse with each answer', () => {
    const bundle = JSON.parse(archive.files['fhir.json'] ?? '') as { entry: Entry[] };
    const response = bundle.entry.at(-1)?.resource as Record<string, unknown>;
    expect(response).toMatchObject({ resourceType: 'QuestionnaireResponse', status: 'completed' });
    const answers = Object.fromEntries(
      (response.item as Array<{ linkId: string; answer: Array<{ valueBoolean: boolean }> }>).map(
        (item) => [item.linkId, item.answer[0]?.valueBoolean],
      ),
    );
    expect(answers).toEqual({
      smoke: false,
      'recreational-drugs': false,
      'self-medicate': false,
      illness: false,
      alcohol: true,
      'herbal-concoction': true,
      cancer: false,
    });
  });

  it('writes the profile without secrets, the orders and the sharing log', () => {
    const profile = JSON.parse(archive.files['profile.json'] ?? '') as Record<string, unknown>;
    expect(profile).toMatchObject({
      id: ngozi.userId,
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      gender: 'Female',
      dateOfBirth: '1980-05-17',
      heightMm: 1650,
      followedMeasures: ['bloodPressure', 'temperature'],
      emailConfirmed: true,
      signIn: { password: true, twoFactor: false, linkedProviders: [] },
    });
    expect(profile.email).toMatch(/@example\.com$/);
    expect(archive.files['profile.json']).not.toMatch(/hash|secret|\$argon|\$2[aby]\$/i);

    const orders = JSON.parse(archive.files['orders.json'] ?? '') as {
      orders: Array<Record<string, unknown>>;
    };
    expect(orders.orders).toHaveLength(1);
    expect(orders.orders[0]).toMatchObject({
      status: 'placed',
      fulfilment: 'pickup',
      currency: 'NGN',
      contact: { firstName: 'Ngozi' },
      lines: [expect.objectContaining({ product: 'Weekly pill organiser', count: 2 })],
      statusHistory: [expect.objectContaining({ status: 'placed' })],
    });

    const log = rowsByColumn(archive.files['sharing-log.csv'] ?? '');
    expect(archive.files['sharing-log.csv']?.startsWith('\uFEFF"time","who","action"')).toBe(true);
    expect(log.map((entry) => entry.action)).toContain('link created');
  });

  it("holds nothing of another person's", () => {
    const everything = Object.values(archive.files).join('\n');
    expect(everything).not.toContain(other.userId);
    expect(everything).not.toContain('OTHER-NOTE');
    expect(everything).not.toContain('Otherperson');
    expect(everything).not.toContain(otherEmail);
  });

  it("writes times in the person's time zone when asked, and refuses a zone it does not know", async () => {
    const lagos = await download(ngozi, '?timeZone=Africa%2FLagos');
    expect(lagos.status).toBe(200);
    const rows = rowsByColumn(lagos.files['readings.csv'] ?? '');
    expect(rows[0]?.taken_at).toBe('2026-01-01T10:30:00+01:00');
    const bundle = JSON.parse(lagos.files['fhir.json'] ?? '') as { entry: Entry[] };
    expect(bundle.entry[1]?.resource.effectiveDateTime).toBe('2026-01-01T10:30:00+01:00');

    const unknown = await call<{ errors: string[]; details: Array<Record<string, unknown>> }>(
      server,
      'GET',
      `${EXPORT}?timeZone=Mars%2FOlympus`,
      { token: ngozi.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0]).toMatchObject({ field: 'timeZone' });
    expect(unknown.body.errors[0]).toMatch(/"Mars\/Olympus" is not a time zone this server knows/);
  });
});

describe('who may download', () => {
  it('answers 401 without a session', async () => {
    const response = await server.request(EXPORT);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it(`allows ${EXPORTS_PER_HOUR} archives an hour, then says when to try again`, async () => {
    const account = await signedInAccount(server);
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1) {
      expect((await download(account)).status).toBe(200);
    }
    const refused = await call<{ errors: string[] }>(server, 'GET', EXPORT, {
      token: account.token,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.errors[0]).toMatch(
      /^Too many downloads of your data in an hour\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it('gives an account without readings an archive with the headers and an empty history', async () => {
    const fresh = await signedInAccount(server);
    const archive = await download(fresh);
    expect(archive.status).toBe(200);
    expect(rowsByColumn(archive.files['readings.csv'] ?? '')).toEqual([]);
    const bundle = JSON.parse(archive.files['fhir.json'] ?? '') as { entry: Entry[] };
    expect(bundle.entry.map((item) => item.resource.resourceType)).toEqual(['Patient']);
    const validate = fhirBundleValidator();
    expect(validate(bundle), schemaErrors(validate).join('\n')).toBe(true);
    expect(JSON.parse(archive.files['orders.json'] ?? '')).toMatchObject({ orders: [] });
  });
});

describe('a failure while the archive is being sent', () => {
  it('breaks the download rather than ending a zip that looks whole', async () => {
    const account = await signedInAccount(server);
    const db = server.app.database.db as unknown as { select: (...args: unknown[]) => unknown };
    const select = db.select;
    // Reading the readings fails; they are read only after the answer has started.
    db.select = (...args: unknown[]) => {
      const query = select.apply(server.app.database.db, args) as {
        from: (table: unknown) => unknown;
      };
      const from = query.from.bind(query);
      query.from = (table: unknown) => {
        if (table === healthRecords) throw new Error('the database went away');
        return from(table);
      };
      return query;
    };
    try {
      const response = await server.request(EXPORT, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    } finally {
      db.select = select;
    }
    expect(server.logs.map((line) => line.msg)).toContain(
      'response terminated with an error with headers already sent',
    );
  });
});
