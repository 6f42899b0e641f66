// Query parameters arrive as text. These read a whole number, or one of a few words, from that
// text, and describe themselves in the OpenAPI document as what the server enforces (an integer
// with its bounds, an enum), so that a client generated from it types them so and sends what the
// server takes (docs/decisions/0027-openapi-for-generated-clients.md). The text is turned into the
// value before the check, which the document describes; what cannot be turned (an empty value,
// '1e2', a list from a repeated parameter) is left as it is and refused by the check.
import { z } from './zod.ts';

/** A whole number from `min` to `max` sent as digits, such as limit=50. */
export function queryInteger(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** One of these upper-case words, sent in any case (order=desc is DESC). */
export function queryWord<const Words extends readonly [string, ...string[]]>(words: Words) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.toUpperCase() : value),
    z.enum(words, { error: `must be one of ${words.join(', ')}` }),
  );
}
