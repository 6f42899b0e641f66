import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FETCH_TAGS } from '@vitalia/api/records.contract';
import { MEASURE_COUNT, MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, signedInAccount, type SignedInAccount } from '../../test/test-calls.ts';

interface Reading {
  id: string;
  tag: string;
  tagValue: string;
  minTag: string | null;
  minTagValue: string | null;
  narration: string | null;
  device: string | null;
  report: string | null;
  note: string | null;
  weight: string | null;
  directFromDevice: boolean;
  takenAt: string;
  createdAt: string;
  updatedAt: string;
  enteredValue: string | null;
  enteredUnit: string | null;
}

interface Page {
  items: Reading[];
  nextCursor: string | null;
}

interface MeasureAnalysis {
  measure: string;
  value: string | null;
  unit: string | null;
  colour: string;
  band: string;
  result: string;
  advice: string;
  source: string;
  ok: 0 | 1;
  urgency: 'now' | 'today' | null;
  firstAction: string | null;
  emergencySigns: string | null;
  old: boolean;
}

interface Analysis {
  measures: Record<string, MeasureAnalysis>;
  forScaleOk: number;
  recorded: number;
  followed: string[];
  chosen: string[];
  profileOk: 0 | 1;
  readings: Record<string, Reading | null>;
  notes: { general: string; age: string | null };
  emergency: { number: string; crisisLine: string | null };
  bloodPressureWeek: {
    systolic: number;
    diastolic: number;
    count: number;
    urgentLeftOut: number;
  } | null;
  sugarWeek: { average: number; count: number } | null;
  recent: Record<string, Array<{ takenAt: string; value: number; second: number | null }>>;
}

interface Errors {
  errors: string[];
}

/**
 * Where each message of an error answer says the problem is: the part before its first ': '
 * ('TagValue', 'query limit', 'Request body'), as the error model prefixes every message
 * (docs/decisions/0003-error-model-and-contract.md); the rest must say something.
 */
function fieldsNamed(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [`(no errors list: ${JSON.stringify(errors)})`];
  return errors.map((message) => {
    const named = typeof message === 'string' ? /^(.+?): \S/.exec(message) : null;
    return named?.[1] ?? `(no field named in ${JSON.stringify(message)})`;
  });
}

/** A 400 whose errors name these fields, one message each, in this order. */
function expectRefused(answer: { status: number; body: Errors }, fields: string[]) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(fieldsNamed(answer.body.errors)).toEqual(fields);
}

/** An answer in the error model with one message, whatever its wording. */
function expectOneError(answer: { status: number; body: Errors }, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errors).toEqual([expect.stringMatching(/\S/)]);
}

const HEALTH = '/api/v1/records/health';
const HEALTHS = '/api/v1/records/healths';
const ANALYSIS = '/api/v1/records/analysis';
const FOLLOWED = '/api/v1/records/followed';

let server: TestApp;
beforeAll(async () => {
  // Behind a proxy, so each test account registers "from" an address of its own.
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

/** A payload as the spec's client sends it: every field present, the unused ones empty. */
function payload(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    DirectFromDevice: false,
    MinTagValue: '',
    MinTag: '',
    Narration: '',
    Device: '',
    Report: '',
    ...fields,
  };
}

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

async function record(person: SignedInAccount, fields: Record<string, unknown>): Promise<Reading> {
  const { status, body } = await call<Reading & Partial<Errors>>(server, 'POST', HEALTH, {
    token: person.token,
    body: payload(fields),
  });
  expect(status, JSON.stringify(body.errors)).toBe(201);
  return body;
}

const newest = (person: SignedInAccount, tag: string) =>
  call<Reading & Errors>(server, 'GET', `${HEALTH}?tag=${encodeURIComponent(tag)}`, {
    token: person.token,
  });

const history = (person: SignedInAccount, query = '') =>
  call<Page & Errors>(server, 'GET', `${HEALTHS}${query}`, { token: person.token });

const analysis = async (person: SignedInAccount) => {
  const { status, body } = await call<Analysis>(server, 'GET', ANALYSIS, { token: person.token });
  expect(status).toBe(200);
  return body;
};

/** Every page of a history query, following nextCursor to the end. */
async function allPages(person: SignedInAccount, query: string): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const { status, body } = await history(person, `${query}${suffix}`);
    expect(status).toBe(200);
    pages.push(body);
    cursor = body.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

describe('recording a reading', () => {
  it('stores what the spec client sends and answers 201 with the reading in camelCase', async () => {
    const person = await signedInAccount(server);
    const before = Date.now();
    const { status, body, headers } = await call<Reading>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({ Tag: 'SPO2Value', TagValue: '97' }),
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tag: 'SPO2Value',
      tagValue: '97',
      minTag: null,
      minTagValue: null,
      narration: null,
      device: null,
      report: null,
      note: null,
      weight: null,
      directFromDevice: false,
      takenAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      enteredValue: null,
      enteredUnit: null,
    });
    expect(Date.parse(body.takenAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.takenAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(headers.get('location')).toBe(`${HEALTH}/${body.id}`);

    const fetched = await call<Reading>(server, 'GET', `${HEALTH}/${body.id}`, {
      token: person.token,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(body);
  });

  it.each([
    [{ Tag: 'SPO2Value', TagValue: 98 }, { tagValue: '98' }],
    [{ Tag: 'SPO2Value', TagValue: ' 97.0 ' }, { tagValue: '97' }],
    [
      { Tag: 'Blood-sugar', TagValue: '105', Narration: 'HadDiabetics HadMeal' },
      { tagValue: '105', narration: 'HadDiabetics HadMeal' },
    ],
    [{ Tag: 'BMI', TagValue: 22.4 }, { tagValue: '22.4' }],
    [{ Tag: 'Mood', TagValue: 'very  sad' }, { tagValue: 'Very Sad' }],
    [{ Tag: 'Pulse Value', TagValue: '64' }, { tagValue: '64' }],
    [
      { Tag: 'Systolic', TagValue: 118, MinTag: 'Diastolic', MinTagValue: 76 },
      { tagValue: '118', minTag: 'Diastolic', minTagValue: '76' },
    ],
    [
      { Tag: 'Systolic', TagValue: '118', MinTagValue: '76' },
      { tagValue: '118', minTag: 'Diastolic', minTagValue: '76' },
    ],
    [
      { Tag: 'FEV2', TagValue: '91', MinTag: 'FEV1', MinTagValue: '88' },
      { tagValue: '91', minTag: 'FEV1', minTagValue: '88' },
    ],
    [{ Tag: 'Temperature', TagValue: '36.6' }, { tagValue: '36.6' }],
    [{ Tag: 'Cholesterol Value', TagValue: 185 }, { tagValue: '185' }],
    [
      {
        Tag: 'Pulse Value',
        TagValue: 70,
        DirectFromDevice: true,
        Device: 'Wrist cuff X2',
        Report: 'after a walk',
        MinTag: null,
        MinTagValue: null,
      },
      { tagValue: '70', directFromDevice: true, device: 'Wrist cuff X2', report: 'after a walk' },
    ],
  ])('accepts %j and stores it in canonical form', async (fields, stored) => {
    const person = await signedInAccount(server);
    const reading = await record(person, fields);
    expect(reading).toMatchObject({ tag: fields.Tag, ...stored });
  });

  it('accepts a reading recorded afterwards, with the time it was taken', async () => {
    const person = await signedInAccount(server);
    const takenAt = '2024-03-01T07:15:00+01:00';
    const reading = await record(person, { Tag: 'Pulse Value', TagValue: 61, TakenAt: takenAt });
    expect(reading.takenAt).toBe('2024-03-01T06:15:00.000Z');
  });

  it('never stores a reading as taken after it was received, so a later one is the newest', async () => {
    const person = await signedInAccount(server);
    // A phone whose clock runs 4 min 50 s ahead: allowed, and stored as the moment received.
    const ahead = new Date(Date.now() + 290_000).toISOString();
    const before = Date.now();
    const normal = await record(person, { Tag: 'SPO2Value', TagValue: 97, TakenAt: ahead });
    expect(Date.parse(normal.takenAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(normal.takenAt)).toBeLessThanOrEqual(Date.parse(normal.createdAt));
    // The urgent reading recorded a moment later decides what the person sees.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await record(person, { Tag: 'SPO2Value', TagValue: 86 });
    const { measures } = await analysis(person);
    expect(measures.oxygen).toMatchObject({ value: '86', urgency: 'now' });
  });

  // The limits, the hints that go with them and the two-value rules are advice a person reads
  // (docs/clinical-reference.md, 'Limits'; docs/decisions/0007-health-readings-api.md): their
  // words are the product, so they are checked word for word.
  it.each([
    [
      { Tag: 'Pulse Value', TagValue: 'fast' },
      'TagValue: pulse must be a number between 20 and 250 bpm',
    ],
    [
      { Tag: 'Pulse Value', TagValue: '72bpm' },
      'TagValue: pulse must be a number between 20 and 250 bpm',
    ],
    [{ Tag: 'SPO2Value', TagValue: '' }, 'TagValue: SpO2 must be a number between 1 and 100 %'],
    [{ Tag: 'SPO2Value', TagValue: 101 }, 'TagValue: SpO2 must be a number between 1 and 100 %'],
    [
      { Tag: 'SPO2Value', TagValue: '1e400' },
      'TagValue: SpO2 must be a number between 1 and 100 %',
    ],
    [
      { Tag: 'Blood-sugar', TagValue: -90 },
      'TagValue: blood sugar must be a number between 10 and 1000 mg/dL (or send Unit "mmol/L" with the value in mmol/L)',
    ],
    [
      { Tag: 'Blood-sugar', TagValue: '5.6' },
      'TagValue: blood sugar must be a number between 10 and 1000 mg/dL (or send Unit "mmol/L" with the value in mmol/L)',
    ],
    [
      { Tag: 'Blood-sugar', TagValue: 95, Unit: 'mmol/L' },
      'TagValue: blood sugar must be a number between 0.6 and 55.5 mmol/L',
    ],
    [
      { Tag: 'Temperature', TagValue: 37, Unit: 'mmol/L' },
      'Unit: only a Blood-sugar reading has a unit choice; send Temperature in its canonical unit and leave Unit empty',
    ],
    [
      { Tag: 'FEV2', TagValue: 500, MinTagValue: 90 },
      'TagValue: FEV2 must be a number between 1 and 150 % of predicted',
    ],
    [
      { Tag: 'Temperature', TagValue: '98.6' },
      'TagValue: temperature must be a number between 25 and 45 °C (send degrees Celsius; convert Fahrenheit first)',
    ],
    [{ Tag: 'BMI', TagValue: 0 }, 'TagValue: BMI must be a number between 7 and 200 kg/m²'],
    [
      { Tag: 'Cholesterol Value', TagValue: '5.2' },
      'TagValue: total cholesterol must be a number between 50 and 1000 mg/dL (multiply mmol/L by 38.67 to get mg/dL)',
    ],
    [
      { Tag: 'Mood', TagValue: 'Angry' },
      'TagValue: mood must be one of: Happy, Neutral, Sad, Very Sad',
    ],
    [{ Tag: 'Mood', TagValue: 3 }, 'TagValue: mood must be one of: Happy, Neutral, Sad, Very Sad'],
    [
      { Tag: 'Systolic', TagValue: 120, MinTag: 'Diastolic', MinTagValue: 130 },
      'MinTagValue: diastolic pressure must be below systolic pressure (for 120/80 send TagValue 120 and MinTagValue 80)',
    ],
    [
      { Tag: 'Systolic', TagValue: 120, MinTag: 'Diastolic', MinTagValue: '120' },
      'MinTagValue: diastolic pressure must be below systolic pressure (for 120/80 send TagValue 120 and MinTagValue 80)',
    ],
    [
      { Tag: 'Systolic', TagValue: 120 },
      'MinTagValue: a blood pressure reading needs its diastolic pressure here, in mmHg',
    ],
    [
      { Tag: 'Systolic', TagValue: 400, MinTagValue: 80 },
      'TagValue: systolic pressure must be a number between 40 and 300 mmHg',
    ],
    [
      { Tag: 'Systolic', TagValue: 120, MinTagValue: -80 },
      'MinTagValue: diastolic pressure must be a number between 20 and 200 mmHg',
    ],
    [
      { Tag: 'Systolic', TagValue: 120, MinTag: 'FEV1', MinTagValue: 80 },
      'MinTag: must be "Diastolic" for a Systolic reading',
    ],
    [
      { Tag: 'FEV2', TagValue: 90 },
      'MinTagValue: a breathing reading needs its FEV1 here, in % of predicted',
    ],
    [
      { Tag: 'FEV2', TagValue: 90, MinTagValue: 'n/a' },
      'MinTagValue: FEV1 must be a number between 1 and 150 % of predicted',
    ],
    [
      { Tag: 'BMI', TagValue: 22, MinTag: 'Diastolic' },
      'MinTag: a BMI reading has no second value; leave it empty',
    ],
    [
      { Tag: 'BMI', TagValue: 22, MinTagValue: 80 },
      'MinTagValue: a BMI reading has no second value; leave it empty',
    ],
  ])(
    'refuses %j with a 400 that names the field and says what to send',
    async (fields, message) => {
      const person = await signedInAccount(server);
      const { status, body } = await call<Errors>(server, 'POST', HEALTH, {
        token: person.token,
        body: payload(fields),
      });
      expect(status).toBe(400);
      expect(body.errors).toEqual([message]);
      // Nothing was stored.
      expect((await history(person)).body.items).toEqual([]);
    },
  );

  // Shape and type checks: what matters is the 400, the field it names and that nothing is
  // stored, not how the validator words it.
  it.each([
    [{ Tag: 'Blood-sugar', TagValue: 5.5, Unit: 'mmol' }, 'Unit'],
    [{ Tag: 'Weight', TagValue: 70 }, 'Tag'],
    [{ Tag: 'FEV1', TagValue: 70 }, 'Tag'],
    [{ Tag: 'spo2value', TagValue: 97 }, 'Tag'],
    [{ Tag: 'SPO2Value', TagValue: true }, 'TagValue'],
    [{ Tag: 'SPO2Value', TagValue: undefined }, 'TagValue'],
    [{ Tag: 'SPO2Value', TagValue: 97, Narration: 'x'.repeat(501) }, 'Narration'],
    [{ Tag: 'SPO2Value', TagValue: 97, DirectFromDevice: 'no' }, 'DirectFromDevice'],
    [
      { Tag: 'SPO2Value', TagValue: 97, TakenAt: new Date(Date.now() + 3_600_000).toISOString() },
      'TakenAt',
    ],
    [{ Tag: 'SPO2Value', TagValue: 97, TakenAt: '1899-12-31T23:59:59Z' }, 'TakenAt'],
    [{ Tag: 'SPO2Value', TagValue: 97, TakenAt: '2024-03-01 07:15' }, 'TakenAt'],
  ])('refuses %j with a 400 that names %s', async (fields, field) => {
    const person = await signedInAccount(server);
    const answer = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload(fields),
    });
    expectRefused(answer, [field]);
    expect((await history(person)).body.items).toEqual([]);
  });

  it('names the field it does not accept', async () => {
    const person = await signedInAccount(server);
    const answer = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({ Tag: 'SPO2Value', TagValue: 97, Owner: 'someone-else' }),
    });
    expectRefused(answer, ['Request body']);
    expect(answer.body.errors[0]).toContain('Owner');
  });

  it('names every bad field at once', async () => {
    const person = await signedInAccount(server);
    const answer = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({
        Tag: 'Systolic',
        TagValue: 'high',
        MinTag: 'Low',
        MinTagValue: 500,
        Narration: 'y'.repeat(600),
      }),
    });
    expectRefused(answer, ['Narration', 'TagValue', 'MinTag', 'MinTagValue']);
    expect((await history(person)).body.items).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    const person = await signedInAccount(server);
    const answer = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: ['SPO2Value', 97],
    });
    expectRefused(answer, ['Request body']);
  });
});

describe('the newest reading of a tag', () => {
  it('answers the reading taken last, not the one recorded last', async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'SPO2Value', TagValue: 96, TakenAt: minutesAgo(10) });
    const latest = await record(person, { Tag: 'SPO2Value', TagValue: 94, TakenAt: minutesAgo(5) });
    // Typed in afterwards, but taken earlier.
    await record(person, { Tag: 'SPO2Value', TagValue: 99, TakenAt: minutesAgo(60) });
    await record(person, { Tag: 'Pulse Value', TagValue: 70 });

    const { status, body } = await newest(person, 'SPO2Value');
    expect(status).toBe(200);
    expect(body).toEqual(latest);
  });

  it('finds tags with spaces and answers the diastolic pressure with the systolic', async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'Pulse Value', TagValue: 66 });
    await record(person, { Tag: 'Systolic', TagValue: 128, MinTag: 'Diastolic', MinTagValue: 84 });
    expect((await newest(person, 'Pulse Value')).body).toMatchObject({ tagValue: '66' });
    expect((await newest(person, 'Systolic')).body).toMatchObject({
      tagValue: '128',
      minTag: 'Diastolic',
      minTagValue: '84',
    });
  });

  it('answers the newest FEV2 reading for FEV1, whose value is its MinTagValue', async () => {
    const person = await signedInAccount(server);
    const reading = await record(person, {
      Tag: 'FEV2',
      TagValue: 90,
      MinTag: 'FEV1',
      MinTagValue: 85,
    });
    const { status, body } = await newest(person, 'FEV1');
    expect(status).toBe(200);
    expect(body).toEqual(reading);
    expect(body.minTagValue).toBe('85');
  });

  it('answers 404, naming the tag, when there is none', async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'BMI', TagValue: 23 });
    const answer = await newest(person, 'Cholesterol Value');
    expectOneError(answer, 404);
    expect(answer.body.errors[0]).toContain('Cholesterol Value');
  });

  it('refuses an unknown or missing tag, listing the tags it knows', async () => {
    const person = await signedInAccount(server);
    const unknown = await newest(person, 'Weight');
    expectRefused(unknown, ['query tag']);
    for (const tag of FETCH_TAGS) expect(unknown.body.errors[0]).toContain(`"${tag}"`);
    const missing = await call<Errors>(server, 'GET', HEALTH, { token: person.token });
    expectRefused(missing, ['query tag']);
  });
});

describe('the history', () => {
  /**
   * Nine readings over three times, three of them sharing one instant, so paging has to break
   * ties by id to neither skip nor repeat a reading.
   */
  async function personWithHistory() {
    const person = await signedInAccount(server);
    const times = [minutesAgo(300), minutesAgo(200), minutesAgo(100)];
    const made: Reading[] = [];
    for (const [index, takenAt] of [
      times[1],
      times[0],
      times[2],
      times[1],
      times[1],
      times[0],
      times[2],
      times[2],
      times[0],
    ].entries()) {
      made.push(
        await record(person, {
          Tag: index % 3 === 0 ? 'Pulse Value' : 'SPO2Value',
          TagValue: 60 + index * 4,
          TakenAt: takenAt,
        }),
      );
    }
    const newestFirst = [...made].sort(
      (a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt) || (b.id < a.id ? -1 : 1),
    );
    return { person, made, newestFirst, times: times as [string, string, string] };
  }

  it('answers every reading newest first by default, on one page when they fit', async () => {
    const { person, newestFirst } = await personWithHistory();
    const { status, body } = await history(person);
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((item) => item.id)).toEqual(newestFirst.map((item) => item.id));
    // The spec's own call.
    expect((await history(person, '?order=DESC')).body).toEqual(body);
  });

  it.each([
    ['DESC', 2],
    ['DESC', 4],
    ['ASC', 2],
    ['ASC', 3],
  ])('pages order=%s %i at a time with no reading skipped or repeated', async (order, limit) => {
    const { person, newestFirst } = await personWithHistory();
    const pages = await allPages(person, `?order=${order}&limit=${limit}`);
    const expected = order === 'DESC' ? newestFirst : [...newestFirst].reverse();
    expect(pages.map((page) => page.items.length)).toEqual(
      Array.from({ length: Math.ceil(9 / limit) }, (_, index) =>
        Math.min(limit, 9 - index * limit),
      ),
    );
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
      expected.map((item) => item.id),
    );
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it('pages readings whose times differ by less than a millisecond', async () => {
    // Other writers (a device import, say) can store microseconds, which a JavaScript Date drops.
    const person = await signedInAccount(server);
    for (const micros of ['000100', '000200', '000300', '000900']) {
      await server.app.database.db.execute(
        sql`insert into health_records (user_id, tag, tag_value, taken_at)
            values (${person.userId}, 'BMI', '22', ${`2026-01-05T10:00:00.${micros}Z`}::timestamptz)`,
      );
    }
    for (const order of ['DESC', 'ASC']) {
      const pages = await allPages(person, `?order=${order}&limit=1`);
      const ids = pages.flatMap((page) => page.items.map((item) => item.id));
      expect(pages).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
    }
  });

  it('accepts the order in any letter case', async () => {
    const { person, newestFirst } = await personWithHistory();
    const { body } = await history(person, '?order=asc');
    expect(body.items.map((item) => item.id)).toEqual(
      [...newestFirst].reverse().map((item) => item.id),
    );
  });

  it('filters by tag, and by time from (inclusive) to (exclusive)', async () => {
    const { person, newestFirst, times } = await personWithHistory();
    const pulse = await history(person, '?tag=Pulse%20Value');
    expect(pulse.body.items.map((item) => item.id)).toEqual(
      newestFirst.filter((item) => item.tag === 'Pulse Value').map((item) => item.id),
    );

    const window = `?from=${encodeURIComponent(times[0])}&to=${encodeURIComponent(times[2])}`;
    const between = await history(person, window);
    expect(between.body.items.map((item) => item.id)).toEqual(
      newestFirst
        .filter((item) => item.takenAt === times[0] || item.takenAt === times[1])
        .map((item) => item.id),
    );

    const both = await allPages(person, `${window}&tag=SPO2Value&order=ASC&limit=1`);
    expect(both.flatMap((page) => page.items.map((item) => [item.tag, item.takenAt]))).toEqual([
      ['SPO2Value', times[0]],
      ['SPO2Value', times[0]],
      ['SPO2Value', times[0]],
      ['SPO2Value', times[1]],
    ]);
  });

  it('answers FEV2 readings for tag=FEV1', async () => {
    const person = await signedInAccount(server);
    const reading = await record(person, { Tag: 'FEV2', TagValue: 82, MinTagValue: 79 });
    await record(person, { Tag: 'BMI', TagValue: 24 });
    expect((await history(person, '?tag=FEV1')).body.items).toEqual([reading]);
  });

  it('compresses a page, and leaves a single reading, too small to gain, as it is', async () => {
    const { person } = await personWithHistory();
    const headers = { authorization: `Bearer ${person.token}`, 'accept-encoding': 'gzip, br' };
    const one = await server.request(`${HEALTH}?tag=SPO2Value`, { headers });
    expect(one.status).toBe(200);
    expect(Number(one.headers.get('content-length'))).toBeLessThan(1024);
    expect(one.headers.get('content-encoding')).toBeNull();
    const page = await server.request(HEALTHS, { headers });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(((await page.json()) as { items: unknown[] }).items).toHaveLength(9);
  });

  it('answers an empty page for a person without readings', async () => {
    const person = await signedInAccount(server);
    expect(await history(person)).toMatchObject({
      status: 200,
      body: { items: [], nextCursor: null },
    });
  });

  it.each([
    ['?order=UP', 'query order'],
    ['?limit=0', 'query limit'],
    ['?limit=201', 'query limit'],
    ['?limit=ten', 'query limit'],
    ['?tag=Weight', 'query tag'],
    ['?from=yesterday', 'query from'],
    ['?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'query to'],
    ['?cursor=not-a-cursor', 'query cursor'],
    [
      `?cursor=${Buffer.from('["2026-02-31T00:00:00.000000Z","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`,
      'query cursor',
    ],
    ['?sort=DESC', 'query'],
    // PostgreSQL has no year 0: these once answered 500.
    ['?from=0000-01-01T00:00:00Z', 'query from'],
    ['?to=0001-01-01T00:30:00%2B01:00', 'query to'],
    [
      `?cursor=${Buffer.from('["0000-01-01T00:00:00.000000Z","00000000-0000-0000-0000-000000000000"]').toString('base64url')}`,
      'query cursor',
    ],
  ])('refuses %s, naming %s', async (query, field) => {
    const person = await signedInAccount(server);
    expectRefused(await history(person, query), [field]);
  });
});

describe('correcting and deleting a reading', () => {
  it('replaces a reading, keeping the time it was taken when none is given', async () => {
    const person = await signedInAccount(server);
    const takenAt = minutesAgo(30);
    const original = await record(person, {
      Tag: 'Systolic',
      TagValue: 150,
      MinTagValue: 95,
      TakenAt: takenAt,
    });
    const { status, body } = await call<Reading>(server, 'PUT', `${HEALTH}/${original.id}`, {
      token: person.token,
      body: payload({ Tag: 'Systolic', TagValue: '115', MinTag: 'Diastolic', MinTagValue: '75' }),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: original.id,
      tag: 'Systolic',
      tagValue: '115',
      minTagValue: '75',
      takenAt: original.takenAt,
      createdAt: original.createdAt,
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(original.updatedAt));
    expect((await newest(person, 'Systolic')).body).toEqual(body);

    const moved = await call<Reading>(server, 'PUT', `${HEALTH}/${original.id}`, {
      token: person.token,
      body: payload({ Tag: 'Systolic', TagValue: 115, MinTagValue: 75, TakenAt: minutesAgo(90) }),
    });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.takenAt)).toBeLessThan(Date.parse(takenAt));
  });

  it('stores the pulse a blood pressure monitor showed as a pulse reading of its own, at the same time', async () => {
    const person = await signedInAccount(server);
    const takenAt = minutesAgo(15);
    const pressure = await record(person, {
      Tag: 'Systolic',
      TagValue: 128,
      MinTagValue: 84,
      Pulse: '74',
      TakenAt: takenAt,
      Note: 'Left arm',
    });
    expect(pressure).toMatchObject({ tag: 'Systolic', tagValue: '128', minTagValue: '84' });
    const pulse = (await newest(person, 'Pulse Value')).body;
    expect(pulse).toMatchObject({
      tag: 'Pulse Value',
      tagValue: '74',
      minTagValue: null,
      takenAt: pressure.takenAt,
      note: 'Left arm',
    });
    expect(pressure.takenAt).toBe(new Date(takenAt).toISOString());

    // A pulse the monitor cannot have shown refuses both: nothing is stored.
    const refused = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({ Tag: 'Systolic', TagValue: 130, MinTagValue: 85, Pulse: 400 }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['Pulse: pulse must be a number between 20 and 250 bpm']);
    const elsewhere = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({ Tag: 'SPO2Value', TagValue: 97, Pulse: 70 }),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      'Pulse: only a Systolic reading carries a pulse; send the pulse as its own Pulse Value reading',
    ]);
    const corrected = await call<Errors>(server, 'PUT', `${HEALTH}/${pressure.id}`, {
      token: person.token,
      body: payload({ Tag: 'Systolic', TagValue: 128, MinTagValue: 84, Pulse: 75 }),
    });
    expectRefused(corrected, ['Pulse']);
    const pulses = await call<Page>(server, 'GET', `${HEALTHS}?tag=Pulse Value`, {
      token: person.token,
    });
    expect(pulses.body.items).toHaveLength(1);
  });

  it('keeps the weight a BMI was worked out from, and only on a BMI', async () => {
    const person = await signedInAccount(server);
    const bmi = await record(person, { Tag: 'BMI', TagValue: '23.45', Weight: '72.50' });
    expect(bmi).toMatchObject({ tag: 'BMI', weight: '72.5' });
    expect((await record(person, { Tag: 'BMI', TagValue: 24 })).weight).toBeNull();
    const elsewhere = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({ Tag: 'Pulse Value', TagValue: 70, Weight: 80 }),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([
      'Weight: only a BMI reading carries the weight it was worked out from; leave it empty',
    ]);
    const pounds = await call<Errors>(server, 'POST', HEALTH, {
      token: person.token,
      body: payload({ Tag: 'BMI', TagValue: 24, Weight: 1200 }),
    });
    expect(pounds.status).toBe(400);
    expect(pounds.body.errors).toEqual([
      'Weight: weight must be a number between 2 and 650 kg (in kilograms: 1 lb is 0.454 kg)',
    ]);
  });

  it('keeps a note on a reading, changes it with a correction, and refuses one too long', async () => {
    const person = await signedInAccount(server);
    const noted = await record(person, { Tag: 'Pulse Value', TagValue: 96, Note: ' After a run ' });
    expect(noted.note).toBe('After a run');
    expect((await record(person, { Tag: 'Pulse Value', TagValue: 70 })).note).toBeNull();
    const history = await call<Page>(server, 'GET', `${HEALTHS}?tag=Pulse Value`, {
      token: person.token,
    });
    expect(history.body.items.map((reading) => reading.note)).toEqual([null, 'After a run']);

    const changed = await call<Reading>(server, 'PUT', `${HEALTH}/${noted.id}`, {
      token: person.token,
      body: payload({ Tag: 'Pulse Value', TagValue: 96, Note: 'After a run, in the heat' }),
    });
    expect(changed.body.note).toBe('After a run, in the heat');
    const tooLong = await call<Errors>(server, 'PUT', `${HEALTH}/${noted.id}`, {
      token: person.token,
      body: payload({ Tag: 'Pulse Value', TagValue: 96, Note: 'x'.repeat(281) }),
    });
    expectRefused(tooLong, ['Note']);
    expect((await newest(person, 'Pulse Value')).body).toMatchObject({ note: null });
  });

  it('refuses a correction that cannot be a measurement and keeps the reading as it was', async () => {
    const person = await signedInAccount(server);
    const original = await record(person, { Tag: 'SPO2Value', TagValue: 97 });
    const { status, body } = await call<Errors>(server, 'PUT', `${HEALTH}/${original.id}`, {
      token: person.token,
      body: payload({ Tag: 'SPO2Value', TagValue: 140 }),
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual(['TagValue: SpO2 must be a number between 1 and 100 %']);
    expect((await newest(person, 'SPO2Value')).body).toEqual(original);
  });

  it('deletes a reading: 204, then it is gone', async () => {
    const person = await signedInAccount(server);
    const reading = await record(person, { Tag: 'Mood', TagValue: 'Happy' });
    const removed = await call(server, 'DELETE', `${HEALTH}/${reading.id}`, {
      token: person.token,
    });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    const path = `${HEALTH}/${reading.id}`;
    expect((await call(server, 'GET', path, { token: person.token })).status).toBe(404);
    expect((await call(server, 'DELETE', path, { token: person.token })).status).toBe(404);
    expect((await newest(person, 'Mood')).status).toBe(404);
  });

  it('answers 400 naming the path id for an id that is not a reading id', async () => {
    const person = await signedInAccount(server);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', payload({ Tag: 'BMI', TagValue: 22 })],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call<Errors>(server, method, `${HEALTH}/12345`, {
        token: person.token,
        body,
      });
      expectRefused(answer, ['path id']);
    }
  });
});

describe("another person's readings", () => {
  it('answer 404 exactly as a missing reading does, and stay unchanged', async () => {
    const owner = await signedInAccount(server);
    const stranger = await signedInAccount(server);
    const reading = await record(owner, { Tag: 'Temperature', TagValue: 37.9 });
    const missing = '3f1c5a9e-8b2d-4c7e-9f10-2a3b4c5d6e7f';

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', payload({ Tag: 'Temperature', TagValue: 36.5 })],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await call<Errors>(server, method, `${HEALTH}/${reading.id}`, {
        token: stranger.token,
        body,
      });
      const nobodys = await call<Errors>(server, method, `${HEALTH}/${missing}`, {
        token: stranger.token,
        body,
      });
      expectOneError(theirs, 404);
      expectOneError(nobodys, 404);
      // Nothing in the answer tells that the reading exists.
      expect(theirs.body, method).toEqual(nobodys.body);
    }

    expect((await newest(owner, 'Temperature')).body).toEqual(reading);
  });

  it('never appear in the newest reading, the history or the analysis', async () => {
    const owner = await signedInAccount(server);
    const stranger = await signedInAccount(server);
    await record(owner, { Tag: 'SPO2Value', TagValue: 97 });
    await record(owner, { Tag: 'Systolic', TagValue: 118, MinTagValue: 76 });
    await record(owner, { Tag: 'Mood', TagValue: 'Happy' });

    expect((await newest(stranger, 'SPO2Value')).status).toBe(404);
    expect((await history(stranger)).body).toEqual({ items: [], nextCursor: null });
    expect((await history(stranger, '?tag=Systolic&order=ASC')).body.items).toEqual([]);
    const report = await analysis(stranger);
    expect(report.forScaleOk).toBe(0);
    expect(Object.values(report.measures).map((measure) => measure.colour)).toEqual(
      Array(MEASURE_COUNT).fill('grey'),
    );
    expect(Object.values(report.readings)).toEqual(Array(MEASURE_COUNT).fill(null));

    // The owner's own view is not empty, so the checks above could have failed.
    expect((await analysis(owner)).forScaleOk).toBe(3);
  });
});

describe('the analysis', () => {
  // Every measure of the catalogue, in its order.
  const measures = [...MEASURE_IDS];

  it('answers every measure grey with no readings, and a score of 0', async () => {
    const person = await signedInAccount(server);
    const report = await analysis(person);
    expect(Object.keys(report.measures)).toEqual(measures);
    for (const measure of measures) {
      expect(report.measures[measure]).toMatchObject({
        measure,
        value: null,
        colour: 'grey',
        result: 'No reading yet',
        ok: 0,
      });
      expect(report.measures[measure]?.advice).toMatch(/\(Source: .+\)$/);
    }
    expect(report.forScaleOk).toBe(0);
    expect(report.profileOk).toBe(0);
  });

  it('rates each newest reading with the bands of docs/clinical-reference.md', async () => {
    const person = await signedInAccount(server);
    // An older reading of oxygen, which the newer one replaces.
    await record(person, { Tag: 'SPO2Value', TagValue: 93, TakenAt: minutesAgo(60) });
    await record(person, { Tag: 'SPO2Value', TagValue: 97 });
    await record(person, { Tag: 'Systolic', TagValue: 135, MinTagValue: 85 });
    await record(person, { Tag: 'Blood-sugar', TagValue: 150, Narration: 'HadDiabetics HadMeal' });
    await record(person, { Tag: 'BMI', TagValue: 31 });
    await record(person, { Tag: 'Mood', TagValue: 'Neutral' });
    await record(person, { Tag: 'Pulse Value', TagValue: 72 });
    await record(person, { Tag: 'FEV2', TagValue: 92, MinTag: 'FEV1', MinTagValue: 85 });
    await record(person, { Tag: 'Temperature', TagValue: 36.8 });
    await record(person, { Tag: 'Cholesterol Value', TagValue: 245 });
    await record(person, { Tag: 'Respiratory Rate', TagValue: 22 });

    const report = await analysis(person);
    const seen = Object.fromEntries(
      measures.map((measure) => {
        const { value, colour, result, ok } = report.measures[measure]!;
        return [measure, { value, colour, result, ok }];
      }),
    );
    expect(seen).toEqual({
      oxygen: { value: '97', colour: 'green', result: 'Normal', ok: 1 },
      sugar: { value: '150', colour: 'green', result: 'Normal', ok: 1 },
      bmi: { value: '31', colour: 'red', result: 'Obese (class I)', ok: 0 },
      mood: { value: 'Neutral', colour: 'yellow', result: 'Inconclusive', ok: 0 },
      pulse: { value: '72', colour: 'green', result: 'Normal', ok: 1 },
      bloodPressure: { value: '135/85', colour: 'red', result: 'High', ok: 0 },
      breathing: { value: 'FEV1 85, FEV2 92', colour: 'green', result: 'Normal', ok: 1 },
      temperature: { value: '36.8', colour: 'green', result: 'Normal', ok: 1 },
      cholesterol: { value: '245', colour: 'red', result: 'High', ok: 0 },
      respiratoryRate: { value: '22', colour: 'red', result: 'Fast', ok: 0 },
    });
    expect(report.forScaleOk).toBe(5);
    expect(report.recorded).toBe(MEASURE_COUNT);
    expect(report.measures.respiratoryRate).toMatchObject({ urgency: 'today' });
    expect(report.readings.oxygen).toMatchObject({ tag: 'SPO2Value', tagValue: '97' });
    expect(report.readings.bloodPressure).toMatchObject({ tagValue: '135', minTagValue: '85' });
  });

  it('reads oxygen 93 as low and red, to be seen by a doctor today', async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'SPO2Value', TagValue: '93' });
    expect((await analysis(person)).measures.oxygen).toMatchObject({
      value: '93',
      colour: 'red',
      result: 'Low',
      ok: 0,
      urgency: 'today',
      firstAction: expect.stringMatching(/contact a doctor or clinic today/),
    });
  });

  it('answers an urgent reading with what to do first, and the numbers to call', async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'SPO2Value', TagValue: 90 });
    await record(person, { Tag: 'Mood', TagValue: 'Very Sad' });
    const report = await analysis(person);
    expect(report.measures.oxygen).toMatchObject({
      colour: 'red',
      urgency: 'now',
      firstAction: expect.stringMatching(/^Call the emergency number now/),
      emergencySigns: expect.stringMatching(/blue or grey lips, tongue or gums/),
    });
    expect(report.measures.mood).toMatchObject({ urgency: 'now', colour: 'red' });
    expect(report.emergency).toEqual({ number: '112', crisisLine: null });
    expect(report.notes.general).toMatch(/does not diagnose/);
    expect(report.notes.age).toBeNull();

    // A newer reading that is not urgent takes the urgency away.
    await record(person, { Tag: 'SPO2Value', TagValue: 97 });
    expect((await analysis(person)).measures.oxygen).toMatchObject({
      colour: 'green',
      urgency: null,
      firstAction: null,
    });
  });

  it('names the configured emergency number and crisis line', async () => {
    const app = await createTestApp({ emergency: { number: '767', crisisLine: '0800 123 4567' } });
    try {
      const person = await signedInAccount(app);
      const { body } = await call<Analysis>(app, 'GET', ANALYSIS, { token: person.token });
      expect(body.emergency).toEqual({ number: '767', crisisLine: '0800 123 4567' });
    } finally {
      await app.close();
    }
  });

  it('keeps a blood sugar typed in mmol/L as typed, and rates it as ADA pairs it', async () => {
    const person = await signedInAccount(server);
    // 4.4 mmol/L is the bottom of ADA's fasting target for a diabetic (80 mg/dL), not 'Low'.
    const saved = await call<Reading>(server, 'POST', HEALTH, {
      token: person.token,
      body: { Tag: 'Blood-sugar', TagValue: '4.4', Unit: 'mmol/L', Narration: 'HadDiabetics' },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      tagValue: '80',
      enteredValue: '4.4',
      enteredUnit: 'mmol/L',
    });
    expect((await analysis(person)).measures.sugar).toMatchObject({
      value: '4.4',
      unit: 'mmol/L',
      colour: 'green',
      result: 'Normal',
      urgency: null,
    });

    // 2.9 mmol/L is under 3.0 (54 mg/dL): level 2 hypoglycaemia, act now.
    await record(person, { Tag: 'Blood-sugar', TagValue: '2.90', Unit: 'mmol/L' });
    expect((await analysis(person)).measures.sugar).toMatchObject({
      value: '2.90',
      colour: 'red',
      urgency: 'now',
    });
  });

  it('marks a reading older than 90 days old, and gives it no point', async () => {
    const person = await signedInAccount(server);
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
    await record(person, { Tag: 'SPO2Value', TagValue: 98, TakenAt: longAgo });
    await record(person, { Tag: 'BMI', TagValue: 22, TakenAt: longAgo });
    const report = await analysis(person);
    expect(report.measures.oxygen).toMatchObject({ colour: 'green', old: true, ok: 0 });
    // BMI stays current for a year.
    expect(report.measures.bmi).toMatchObject({ colour: 'green', old: false, ok: 1 });
    expect(report.forScaleOk).toBe(1);
    expect(report.recorded).toBe(2);
  });

  it('counts a chosen measure in the score before its first reading and after it grows old', async () => {
    const person = await signedInAccount(server);
    const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
    await record(person, { Tag: 'SPO2Value', TagValue: 98, TakenAt: longAgo });
    await record(person, { Tag: 'Pulse Value', TagValue: 70 });
    expect(await analysis(person)).toMatchObject({
      forScaleOk: 1,
      followed: ['pulse'],
      chosen: [],
    });

    const chose = (measure: string, method = 'PUT') =>
      call<{ chosen: string[] }>(server, method, `${FOLLOWED}/${measure}`, { token: person.token });
    expect(await chose('temperature')).toMatchObject({
      status: 200,
      body: { chosen: ['temperature'] },
    });
    // Twice changes nothing; the answer lists every choice in the catalogue's order.
    expect((await chose('temperature')).body.chosen).toEqual(['temperature']);
    expect((await chose('oxygen')).body.chosen).toEqual(['oxygen', 'temperature']);
    expect(await analysis(person)).toMatchObject({
      forScaleOk: 1,
      followed: ['oxygen', 'pulse', 'temperature'],
      chosen: ['oxygen', 'temperature'],
    });

    expect((await chose('oxygen', 'DELETE')).body.chosen).toEqual(['temperature']);
    expect((await chose('oxygen', 'DELETE')).body.chosen).toEqual(['temperature']);
    expect((await analysis(person)).followed).toEqual(['pulse', 'temperature']);

    // Another person's score is their own.
    const other = await signedInAccount(server);
    expect(await analysis(other)).toMatchObject({ followed: [], chosen: [] });
  });

  it('refuses to follow a measure that does not exist, naming the measures', async () => {
    const person = await signedInAccount(server);
    const answer = await call<Errors>(server, 'PUT', `${FOLLOWED}/weight`, { token: person.token });
    expectOneError(answer, 400);
    expect(answer.body.errors[0]).toMatch(/measure: must be one of the measures: oxygen, sugar/);
    expect((await analysis(person)).chosen).toEqual([]);
  });

  it('averages the blood pressure readings of the last 7 days', async () => {
    const person = await signedInAccount(server);
    expect((await analysis(person)).bloodPressureWeek).toBeNull();
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await record(person, {
      Tag: 'Systolic',
      TagValue: 190,
      MinTagValue: 110,
      TakenAt: eightDaysAgo,
    });
    await record(person, {
      Tag: 'Systolic',
      TagValue: 121,
      MinTagValue: 80,
      TakenAt: minutesAgo(90),
    });
    await record(person, { Tag: 'Systolic', TagValue: 130, MinTagValue: 85 });
    // (121 + 130) / 2 = 125.5 and (80 + 85) / 2 = 82.5, rounded half up; the older one is left out.
    expect((await analysis(person)).bloodPressureWeek).toEqual({
      systolic: 126,
      diastolic: 83,
      count: 2,
      urgentLeftOut: 0,
    });
  });

  it('asks for the unit of a blood sugar under 20 sent without one (UNIT_REQUIRED), and stores nothing', async () => {
    const person = await signedInAccount(server);
    const refused = await call<Errors & { details: Array<{ code: string; field: string }> }>(
      server,
      'POST',
      HEALTH,
      { token: person.token, body: payload({ Tag: 'Blood-sugar', TagValue: 15 }) },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ code: 'UNIT_REQUIRED', field: 'Unit' }),
    ]);
    expect(refused.body.errors[0]).toMatch(/15 in mg\/dL or in mmol\/L\?/);
    expect((await history(person)).body.items).toEqual([]);
    // Said plainly, either unit is stored: 15 mg/dL is a grave low, 15 mmol/L a high.
    await record(person, { Tag: 'Blood-sugar', TagValue: 15, Unit: 'mg/dL' });
    await record(person, { Tag: 'Blood-sugar', TagValue: 15, Unit: 'mmol/L' });
    await record(person, { Tag: 'Blood-sugar', TagValue: 20 });
    expect((await history(person)).body.items).toHaveLength(3);
  });

  it('lists readings taken at the same moment in the order they were received', async () => {
    const person = await signedInAccount(server);
    const at = minutesAgo(30);
    for (const value of [97, 91, 96, 93, 98]) {
      await record(person, { Tag: 'SPO2Value', TagValue: value, TakenAt: at });
    }
    const listed = (await history(person)).body.items.map((item) => item.tagValue);
    expect(listed).toEqual(['98', '93', '96', '91', '97']);
    // The newest is the last received, and the analysis rates that one.
    expect((await analysis(person)).measures.oxygen).toMatchObject({ value: '98' });
  });

  it('leaves urgent blood pressure readings out of the week’s average and counts them', async () => {
    const person = await signedInAccount(server);
    // Urgent by the numbers alone: very low (now), under 90 (today), 180/120 (today), a likely
    // cuff error (a difference over 100, today). At the edges: 90/60 and 179/119 are not urgent.
    for (const [top, bottom, minutes] of [
      [75, 50, 300],
      [88, 60, 280],
      [185, 125, 260],
      [200, 90, 240],
      [90, 60, 220],
      [179, 119, 200],
    ] as const) {
      await record(person, {
        Tag: 'Systolic',
        TagValue: top,
        MinTagValue: bottom,
        TakenAt: minutesAgo(minutes),
      });
    }
    // (90 + 179) / 2 = 134.5 and (60 + 119) / 2 = 89.5, rounded half up.
    expect((await analysis(person)).bloodPressureWeek).toEqual({
      systolic: 135,
      diastolic: 90,
      count: 2,
      urgentLeftOut: 4,
    });
  });

  it('averages the blood sugar of the last 7 days, unrated, and answers each measure’s last readings oldest first', async () => {
    const person = await signedInAccount(server);
    const empty = await analysis(person);
    expect(empty.sugarWeek).toBeNull();
    expect(empty.recent.sugar).toEqual([]);
    await record(person, { Tag: 'Blood-sugar', TagValue: 200, TakenAt: minutesAgo(8 * 24 * 60) });
    await record(person, { Tag: 'Blood-sugar', TagValue: 95, TakenAt: minutesAgo(120) });
    await record(person, { Tag: 'Blood-sugar', TagValue: 100.5, TakenAt: minutesAgo(60) });
    await record(person, { Tag: 'Mood', TagValue: 'Sad', TakenAt: minutesAgo(30) });
    await record(person, { Tag: 'Mood', TagValue: 'Happy' });
    await record(person, { Tag: 'Systolic', TagValue: 128, MinTagValue: 84 });
    // Twelve pulses: only the last ten are answered, oldest first.
    for (let minutes = 12; minutes >= 1; minutes -= 1) {
      await record(person, {
        Tag: 'Pulse Value',
        TagValue: 60 + minutes,
        TakenAt: minutesAgo(minutes),
      });
    }
    const report = await analysis(person);
    // (95 + 100.5) / 2 = 97.75, to one decimal; the reading of 8 days ago is left out.
    expect(report.sugarWeek).toEqual({ average: 97.8, count: 2 });
    expect(report.recent.sugar!.map((reading) => reading.value)).toEqual([200, 95, 100.5]);
    expect(report.recent.mood!.map((reading) => reading.value)).toEqual([2, 4]);
    expect(report.recent.bloodPressure).toEqual([
      { takenAt: expect.any(String), value: 128, second: 84 },
    ]);
    expect(report.recent.pulse!.map((reading) => reading.value)).toEqual([
      70, 69, 68, 67, 66, 65, 64, 63, 62, 61,
    ]);
    // The newest is still the one rated.
    expect(report.readings.pulse).toMatchObject({ tagValue: '61' });
    expect(report.recent.oxygen).toEqual([]);
  });

  it('reads blood sugar in the context its narration gives', async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'Blood-sugar', TagValue: 150 });
    // Not diabetic and fasting: 126 or more is very high.
    expect((await analysis(person)).measures.sugar).toMatchObject({
      colour: 'red',
      result: 'Very high',
    });
  });

  it("rates the pulse with the profile's age and gender, and reports the profile complete", async () => {
    const person = await signedInAccount(server);
    await record(person, { Tag: 'Pulse Value', TagValue: 83 });
    // Without a date of birth: 41-100 is normal.
    expect((await analysis(person)).measures.pulse).toMatchObject({
      colour: 'green',
      result: 'Normal',
    });

    const thirtyYearsAgo = new Date();
    thirtyYearsAgo.setUTCFullYear(thirtyYearsAgo.getUTCFullYear() - 30);
    const profile = await call(server, 'PUT', '/api/v1/identity/profile', {
      token: person.token,
      body: { DOB: thirtyYearsAgo.toISOString().slice(0, 10), Gender: 'Male', HeightMM: 1780 },
    });
    expect(profile.status).toBe(200);
    const report = await analysis(person);
    // A man of 26-35: 83 is in the clinical range, and 'Poor' only on the fitness chart
    // (docs/clinical-reference.md, Pulse), which is the second line.
    expect(report.measures.pulse).toMatchObject({
      colour: 'green',
      result: 'Normal',
      detail: 'Fitness: Poor',
      ok: 1,
    });
    expect(report.profileOk).toBe(1);
  });
});

describe('without a valid session', () => {
  const someId = '3f1c5a9e-8b2d-4c7e-9f10-2a3b4c5d6e7f';
  it.each([
    ['POST', HEALTH],
    ['GET', `${HEALTH}?tag=BMI`],
    ['GET', `${HEALTH}/${someId}`],
    ['PUT', `${HEALTH}/${someId}`],
    ['DELETE', `${HEALTH}/${someId}`],
    ['GET', `${HEALTHS}?order=DESC`],
    ['GET', ANALYSIS],
    ['PUT', `${FOLLOWED}/oxygen`],
    ['DELETE', `${FOLLOWED}/oxygen`],
  ])('%s %s answers 401', async (method, path) => {
    const body =
      method === 'POST' || method === 'PUT' ? payload({ Tag: 'BMI', TagValue: 22 }) : undefined;
    for (const token of [undefined, 'not-a-token']) {
      const answer = await call<Errors>(server, method, path, {
        body,
        ...(token ? { token } : {}),
      });
      expectOneError(answer, 401);
    }
  });
});

describe('a session that has ended', () => {
  it('is refused with 401 by every read, before anything about its query', async () => {
    const person = await signedInAccount(server);
    await server.app.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${person.userId}`,
    );
    for (const path of [
      `${HEALTH}?tag=BMI`,
      `${HEALTHS}?order=DESC`,
      `${HEALTHS}?cursor=not-a-cursor`,
      ANALYSIS,
    ]) {
      expectOneError(await call<Errors>(server, 'GET', path, { token: person.token }), 401);
    }
  });
});

describe('the API reference', () => {
  interface Parameter {
    in: string;
    name: string;
    required?: boolean;
    schema?: { enum?: string[] };
  }
  type Operation = { description?: string; parameters?: Parameter[] };

  it('documents every records call, and the tags the newest-reading call takes', async () => {
    const { body } = await call<{ paths: Record<string, Record<string, Operation>> }>(
      server,
      'GET',
      '/api/openapi.json',
    );
    expect(Object.keys(body.paths['/api/v1/records/health'] ?? {})).toEqual(['post', 'get']);
    expect(Object.keys(body.paths['/api/v1/records/health/{id}'] ?? {})).toEqual([
      'get',
      'put',
      'delete',
    ]);
    expect(body.paths['/api/v1/records/healths']).toHaveProperty('get');
    expect(body.paths['/api/v1/records/analysis']).toHaveProperty('get');
    // A client learns from the reference that FEV1 may be asked for, and what it answers.
    const latest = body.paths['/api/v1/records/health']?.get;
    expect(latest?.parameters).toContainEqual(
      expect.objectContaining({
        in: 'query',
        name: 'tag',
        required: true,
        schema: expect.objectContaining({ enum: [...FETCH_TAGS] }),
      }),
    );
    expect(latest?.description).toContain('FEV1');
  });
});
