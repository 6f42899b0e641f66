// Values a schema accepts, for the valid share: every required field, some optional ones, no
// others; strings of letters and digits, instants in the past and addresses nobody has.
import fc from 'fast-check';
import { typesOf, type JsonSchema } from './openapi-document.ts';

const alphanumeric = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Letters and digits: never blank after a trim, whatever the field does with spaces. */
export function plainText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphanumeric), minLength, maxLength });
}

/** Instants in the past, fixed so that a seed always draws the same ones. */
export const pastInstant = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2025-01-01T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString());

export const uniqueEmail = fc.uuid({ version: 4 }).map((id) => `fuzz.${id}@example.com`);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Math.min(schema.minLength ?? 0, 200);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') return pastInstant;
  if (schema.format === 'email') return uniqueEmail;
  if (schema.pattern) {
    const length = { min: minLength, max: schema.maxLength ?? Infinity };
    return fc
      .stringMatching(new RegExp(schema.pattern), { size: 'small' })
      .filter((value) => value.length >= length.min && value.length <= length.max);
  }
  return plainText(minLength, maxLength);
}

/** A value the schema accepts: every required field, some optional ones, no others. */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((entry) => validValue(entry, depth)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.constant(null);
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema);
        case 'integer':
        case 'number':
          return fc.integer({
            min: Math.ceil(Math.max(schema.minimum ?? 0, -(2 ** 31))),
            max: Math.floor(Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1)),
          });
        case 'boolean':
          return fc.boolean();
        case 'array': {
          const minLength = Math.min(schema.minItems ?? 0, 3);
          const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
          return fc.array(validValue(schema.items ?? {}, depth + 1), { minLength, maxLength });
        }
        case 'object': {
          const required = new Set(schema.required ?? []);
          const fields = Object.entries(schema.properties ?? {});
          return fc.record(
            Object.fromEntries(fields.map(([key, value]) => [key, validValue(value, depth + 1)])),
            { requiredKeys: fields.map(([key]) => key).filter((key) => required.has(key)) },
          );
        }
        default:
          return fc.constant(null);
      }
    }),
  );
}
