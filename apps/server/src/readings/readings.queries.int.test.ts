import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { users } from '../db/schema/identity.table.ts';
import { healthRecords } from '../db/schema/records.table.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { INSERT_CHUNK, insertReadings, type NewReading } from './readings.queries.ts';

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await database.open();
});

afterAll(async () => {
  await handle.close();
  await database.drop();
});

function reading(index: number, overrides: Partial<NewReading> = {}): NewReading {
  return {
    tag: 'SPO2Value',
    tagValue: String(90 + (index % 10)),
    minTag: null,
    minTagValue: null,
    narration: null,
    device: null,
    report: null,
    note: null,
    weight: null,
    directFromDevice: false,
    enteredValue: null,
    enteredUnit: null,
    takenAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    importedFrom: 'oximeter.csv',
    importFormat: 'csv',
    ...overrides,
  };
}

/** The database with every statement it is sent counted. */
function counting(db: DatabaseHandle['db']) {
  const sent = { statements: 0 };
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'execute' || property === 'insert') {
        return (...args: unknown[]) => {
          sent.statements += 1;
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, sent };
}

describe('writing imported readings', () => {
  it('writes 1,000 readings to a statement, each column as it was given, and lets others in between', async () => {
    const [person] = await handle.db
      .insert(users)
      .values({ username: 'one-statement@example.com' })
      .returning({ id: users.id });
    const readings = Array.from({ length: 2_500 }, (_, index) => reading(index));
    // What array literals must carry through unharmed: quotes, backslashes, braces, commas, the
    // word NULL, an empty text and letters beyond ASCII.
    readings[0] = reading(0, {
      tag: 'BloodPressure',
      tagValue: '120',
      minTag: 'Diastolic',
      minTagValue: '80',
      note: 'after the "long" walk, {tired}\\ NULL',
      device: 'NULL',
      narration: '',
      report: 'Ọ̀kọ̀ ẹ̀rọ: Ìbàdàn',
      directFromDevice: true,
    });
    readings[1] = reading(1, {
      tag: 'BloodSugar',
      tagValue: '108',
      enteredValue: '6.0',
      enteredUnit: 'mmol/L',
      importedFrom: null,
      importFormat: 'fhir-bundle',
    });
    readings[2] = reading(2, { tag: 'BMI', tagValue: '24.2', weight: '70.5' });

    const { db, sent } = counting(handle.db);
    // Another request's turn on the event loop, asked for as the write begins.
    let othersTurns = 0;
    let writing = true;
    const other = () => {
      if (!writing) return;
      othersTurns += 1;
      setImmediate(other);
    };
    await db.transaction(async (tx) => {
      const { db: counted, sent: inTransaction } = counting(tx as unknown as DatabaseHandle['db']);
      setImmediate(other);
      await insertReadings(counted, person!.id, readings);
      writing = false;
      sent.statements += inTransaction.statements;
    });
    expect(sent.statements).toBe(Math.ceil(readings.length / INSERT_CHUNK));
    // Two turns at least: one between each two statements.
    expect(othersTurns).toBeGreaterThanOrEqual(2);

    const saved = await handle.db
      .select()
      .from(healthRecords)
      .where(eq(healthRecords.userId, person!.id))
      .orderBy(asc(healthRecords.id));
    expect(saved).toHaveLength(2_500);
    // Ids are made in the readings' order, as the table's default makes them.
    expect(saved.map((row) => row.takenAt.toISOString())).toEqual(readings.map((r) => r.takenAt));
    expect(saved[0]).toMatchObject({
      tag: 'BloodPressure',
      tagValue: '120',
      minTag: 'Diastolic',
      minTagValue: '80',
      note: 'after the "long" walk, {tired}\\ NULL',
      device: 'NULL',
      narration: '',
      report: 'Ọ̀kọ̀ ẹ̀rọ: Ìbàdàn',
      weight: null,
      directFromDevice: true,
      importedFrom: 'oximeter.csv',
      importFormat: 'csv',
    });
    expect(saved[1]).toMatchObject({
      enteredValue: '6.0',
      enteredUnit: 'mmol/L',
      importedFrom: null,
      importFormat: 'fhir-bundle',
      note: null,
      directFromDevice: false,
    });
    expect(saved[2]).toMatchObject({ tag: 'BMI', weight: '70.5' });
    expect(new Set(saved.map((row) => row.createdAt.getTime())).size).toBe(1);
  });

  it('writes nothing, and sends nothing, for no readings', async () => {
    const { db, sent } = counting(handle.db);
    await insertReadings(db, crypto.randomUUID(), []);
    expect(sent.statements).toBe(0);
  });

  it('takes a time in the future as the time it was received', async () => {
    const [person] = await handle.db
      .insert(users)
      .values({ username: 'future@example.com' })
      .returning({ id: users.id });
    const before = Date.now();
    await insertReadings(handle.db, person!.id, [
      reading(0, { takenAt: new Date(Date.now() + 86_400_000).toISOString() }),
    ]);
    const [row] = await handle.db
      .select({ takenAt: healthRecords.takenAt })
      .from(healthRecords)
      .where(eq(healthRecords.userId, person!.id));
    expect(row!.takenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.takenAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
