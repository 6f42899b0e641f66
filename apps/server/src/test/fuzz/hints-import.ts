// Valid-request hints of the readings import (docs/decisions/0031-importing-readings.md): the file
// is the request body itself (bodyType 'raw'), one of the four formats: Vitalia's readings.csv, a
// blood pressure monitor's CSV with its column mapping in the query, a FHIR Bundle or NDJSON of
// Observations. Each is sent by a new account, as a person may import only so many files an hour.
import fc from 'fast-check';
import { READINGS_CSV_COLUMNS } from '@vitalia/api/portability.contract';
import type { OperationHint, RawBody } from './valid-plan.ts';

const HEADER = READINGS_CSV_COLUMNS.map((column) => `"${column.name}"`).join(',');

/** A past instant, whole seconds, 2020 to 2025. */
const pastTime = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2025, 11, 31) / 1000 })
  .map((seconds) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'));

const vitaliaCsv: fc.Arbitrary<[RawBody, Record<string, string>]> = fc
  .array(fc.tuple(pastTime, fc.integer({ min: 40, max: 180 }), fc.integer({ min: 90, max: 180 })), {
    minLength: 1,
    maxLength: 5,
  })
  .map((rows) => {
    const lines = rows.flatMap(([at, pulse, systolic]) => [
      READINGS_CSV_COLUMNS.map((column) =>
        column.name === 'taken_at'
          ? `"${at}"`
          : column.name === 'measure'
            ? '"pulse"'
            : column.name === 'value'
              ? `"${pulse}"`
              : '',
      ).join(','),
      READINGS_CSV_COLUMNS.map((column) =>
        column.name === 'taken_at'
          ? `"${at}"`
          : column.name === 'measure'
            ? '"bloodPressure"'
            : column.name === 'value'
              ? `"${systolic}"`
              : column.name === 'second_value'
                ? `"${systolic - 40}"`
                : '',
      ).join(','),
    ]);
    return [{ contentType: 'text/csv', text: `\uFEFF${HEADER}\r\n${lines.join('\r\n')}\r\n` }, {}];
  });

const monitorCsv: fc.Arbitrary<[RawBody, Record<string, string>]> = fc
  .tuple(pastTime, fc.integer({ min: 100, max: 170 }), fc.integer({ min: 50, max: 95 }))
  .map(([at, systolic, diastolic]) => {
    const [day, time] = [at.slice(0, 10).split('-').reverse().join('/'), at.slice(11, 16)];
    return [
      {
        contentType: 'text/csv',
        text: `Date;Time;SYS;DIA\n${day};${time};${systolic};${diastolic}\n`,
      },
      {
        timeColumn: '0',
        timeOfDayColumn: '1',
        dateOrder: 'DMY',
        columns: '2:systolic,3:diastolic',
        timeZone: 'Africa/Lagos',
      },
    ];
  });

const heartRate = (at: string, value: number) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
  effectiveDateTime: at,
  valueQuantity: { value, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
});

const fhirBundle: fc.Arbitrary<[RawBody, Record<string, string>]> = fc
  .tuple(
    pastTime,
    fc.integer({ min: 40, max: 180 }),
    fc.constantFrom('application/fhir+json', 'application/json'),
  )
  .map(([at, value, contentType]) => [
    {
      contentType,
      text: JSON.stringify({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [{ resource: heartRate(at, value) }],
      }),
    },
    {},
  ]);

const ndjson: fc.Arbitrary<[RawBody, Record<string, string>]> = fc
  .tuple(
    pastTime,
    fc.integer({ min: 40, max: 180 }),
    fc.constantFrom('application/fhir+ndjson', 'application/x-ndjson'),
  )
  .map(([at, value, contentType]) => [
    { contentType, text: `${JSON.stringify(heartRate(at, value))}\n` },
    {},
  ]);

const anyFile = fc.oneof(vitaliaCsv, monitorCsv, fhirBundle, ndjson);

/** The file goes in the body and its mapping in the query; both drawn together. */
const hint = (extraQuery: Record<string, string>): OperationHint => ({
  caller: 'fresh',
  bodyType: 'raw',
  body: () => anyFile.map(([file, query]) => ({ file, query })),
  prepare: async (plan) => {
    const drawn = plan.body as { file: RawBody; query: Record<string, string> };
    plan.body = drawn.file;
    plan.query = { ...drawn.query, ...extraQuery };
  },
});

export const importHints: Record<string, OperationHint> = {
  'POST /api/v1/records/import/preview': hint({}),
  'POST /api/v1/records/import': hint({ skipRefused: 'true' }),
};
