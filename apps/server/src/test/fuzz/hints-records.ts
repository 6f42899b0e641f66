// Valid-request hints of the readings calls: readings within the measurement limits, two-value
// readings in order, and ids and tags of readings the run has made.
import fc from 'fast-check';
import { READING_LIMITS, type ReadingLimit } from '@vitalia/health/measurement-limits.catalog';
import { MOOD_VALUES } from '@vitalia/health/mood.measure';
import { HEALTH_TAGS, tagRuleOf } from '@vitalia/api/records.contract';
import { chosen, type OperationHint } from './valid-plan.ts';
import { pastInstant } from './valid-values.ts';

/** A value within a measurement limit, in tenths, so that edges are drawn too. */
function within(limit: ReadingLimit, below?: number): fc.Arbitrary<number> {
  const max = Math.floor(Math.min(limit.max, below ?? Infinity) * 10);
  return fc.integer({ min: Math.ceil(limit.min * 10), max }).map((tenths) => tenths / 10);
}

/** Sometimes as text: the contract takes numbers as numeric text too. */
const asSent = (value: number) =>
  fc.constantFrom<number | string>(value, String(value), ` ${value} `);

/** A reading of any tag, within packages/health/src/measurement-limits.catalog.ts. */
const validReading: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...HEALTH_TAGS)
  .chain((tag): fc.Arbitrary<Record<string, unknown>> => {
    const rule = tagRuleOf(tag);
    if (rule.value === 'word') {
      return fc.record({ Tag: fc.constant(tag), TagValue: fc.constantFrom(...MOOD_VALUES) });
    }
    if (rule.value === READING_LIMITS.sugar) {
      return fc.oneof(
        fc.record({
          Tag: fc.constant(tag),
          TagValue: within(READING_LIMITS.sugar).chain(asSent),
          Unit: fc.constantFrom('mg/dL', null),
        }),
        fc.record({
          Tag: fc.constant(tag),
          TagValue: within(READING_LIMITS.sugarMmol).chain(asSent),
          Unit: fc.constant('mmol/L'),
        }),
      );
    }
    const first = within(rule.value);
    const second = rule.second;
    if (!second) return fc.record({ Tag: fc.constant(tag), TagValue: first.chain(asSent) });
    return first.chain((value) =>
      fc.record({
        Tag: fc.constant(tag),
        TagValue: asSent(value),
        // Diastolic below systolic; FEV1 and FEV2 each within their own limits.
        MinTagValue: within(
          second.limit,
          rule.value === READING_LIMITS.systolic ? value - 0.1 : undefined,
        ).chain(asSent),
        MinTag: fc.constantFrom(second.minTag, null),
      }),
    );
  });

/**
 * What a reading may carry beside its value: the monitor's pulse on a new blood pressure reading
 * (never on a correction), the weight on a BMI. The schema alone would draw them on any tag and
 * out of their limits, which the contract refuses.
 */
function extrasFor(reading: Record<string, unknown>, correcting: boolean) {
  if (reading.Tag === 'Systolic' && !correcting) {
    return fc.record({ Pulse: within(READING_LIMITS.pulse).chain(asSent) }, { requiredKeys: [] });
  }
  if (reading.Tag === 'BMI') {
    return fc.record({ Weight: within(READING_LIMITS.weight).chain(asSent) }, { requiredKeys: [] });
  }
  return fc.constant({});
}

const readingBody =
  (correcting: boolean) =>
  (schemaValid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> =>
    validReading.chain((reading) =>
      extrasFor(reading, correcting).map((extras) => {
        const {
          Unit: _unit,
          MinTag: _minTag,
          MinTagValue: _minTagValue,
          Pulse: _pulse,
          Weight: _weight,
          ...rest
        } = schemaValid;
        return { ...rest, ...reading, ...extras };
      }),
    );

export const recordsHints: Record<string, OperationHint> = {
  'POST /api/v1/records/health': {
    body: readingBody(false),
    // With and without an Idempotency-Key; a key of its own each time, since the same key with
    // another reading is rightly refused (422). Replays are the idempotency tests' part.
    headers: fc.oneof(fc.constant({}), fc.record({ 'idempotency-key': fc.uuid({ version: 4 }) })),
    remember: (answer, rows) => {
      rows.readings.set(String(answer.id), String(answer.tag));
    },
  },
  'GET /api/v1/records/health': {
    // A tag the run has readings of; without any, the answer is 404.
    prepare: async (plan, run) => {
      await run.need('reading');
      plan.query.tag = chosen([...run.rows.readings.values()], plan.pick)!;
    },
  },
  'GET /api/v1/records/health/{id}': {
    prepare: async (plan, run) => {
      await run.need('reading');
      plan.pathParams.id = chosen([...run.rows.readings.keys()], plan.pick)!;
    },
  },
  'PUT /api/v1/records/health/{id}': {
    body: readingBody(true),
    prepare: async (plan, run) => {
      await run.need('reading');
      plan.pathParams.id = chosen([...run.rows.readings.keys()], plan.pick)!;
    },
    remember: (answer, rows) => {
      if (rows.readings.has(String(answer.id))) {
        rows.readings.set(String(answer.id), String(answer.tag));
      }
    },
  },
  'DELETE /api/v1/records/health/{id}': {
    prepare: async (plan, run) => {
      await run.need('reading');
      // Taken out of the pool, so that no later request aims at a reading already gone.
      const id = chosen([...run.rows.readings.keys()], plan.pick)!;
      run.rows.readings.delete(id);
      plan.pathParams.id = id;
    },
  },
  'GET /api/v1/records/healths': {
    // `from` before `to`.
    query: fc
      .record(
        {
          order: fc.constantFrom('ASC', 'DESC', 'asc', 'desc'),
          tag: fc.constantFrom(...HEALTH_TAGS, 'FEV1'),
          span: fc.tuple(pastInstant, pastInstant),
          limit: fc.integer({ min: 1, max: 100 }).map(String),
        },
        { requiredKeys: [] },
      )
      .map(({ span, ...query }) => {
        if (!span || span[0] === span[1]) return query;
        const [from, to] = [...span].sort();
        return { ...query, from: from!, to: to! };
      }),
  },
};
