// Values guided by a schema for the hostile share of the fuzzer: mostly what the schema would
// accept, or close to it, with hostile values at every level and extra fields now and then.
import fc from 'fast-check';
import { typesOf, type JsonSchema } from './openapi-document.ts';
import { extraKey, hostileValue } from './hostile-values.ts';

/** Up to 40 characters: bounded so that a "valid" sample stays a plausible request. */
function boundedLength(schema: JsonSchema): { minLength: number; maxLength: number } {
  const minLength = Math.min(schema.minLength ?? 0, 200);
  return { minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) };
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1890-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  const length = boundedLength(schema);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from: plain strings of the right length instead.
    }
  }
  return fc.string({ unit: 'grapheme', ...length });
}

/** A value the schema would accept, or close to it; children are fuzzed in turn. */
export function plausible(
  schema: JsonSchema,
  depth: number,
  hostile = true,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((entry) => plausible(entry, depth, hostile)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringFor(schema);
        case 'integer':
          return fc.integer({
            min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)),
            max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1),
          });
        case 'number':
          return fc.double({
            min: schema.minimum ?? -1_000_000,
            max: schema.maximum ?? 1_000_000,
            noNaN: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(fuzzed(schema.items ?? {}, depth + 1, hostile), {
            minLength: Math.min(schema.minItems ?? 0, 5),
            maxLength: Math.max(
              Math.min(schema.minItems ?? 0, 5),
              Math.min(schema.maxItems ?? 5, 5),
            ),
          });
        case 'object':
          return objectFor(schema, depth, hostile);
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}

function objectFor(schema: JsonSchema, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [
      key,
      fuzzed(value, depth + 1, hostile),
    ]),
  );
  if (!hostile) {
    const required = new Set(schema.required ?? []);
    return fc.record(fields, {
      requiredKeys: Object.keys(fields).filter((key) => required.has(key)),
    });
  }
  const present = fc.oneof(
    // Every field, so that the handler behind validation runs too.
    { weight: 3, arbitrary: fc.record(fields) },
    // Some fields missing.
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(extraKey, hostileValue, { maxKeys: 3 }) },
  );
  return fc.tuple(present, extra).map(([base, more]) => ({ ...more, ...base }));
}

/** Mostly a plausible value, sometimes a hostile one, at every level. */
export function fuzzed(schema: JsonSchema, depth = 0, hostile = true): fc.Arbitrary<unknown> {
  if (!hostile) return plausible(schema, depth, false);
  if (depth > 4) return hostileValue;
  return fc.oneof(
    { weight: 5, arbitrary: plausible(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}
