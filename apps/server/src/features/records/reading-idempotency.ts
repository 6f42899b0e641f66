// What makes recording a reading safe to retry (docs/decisions/0033-idempotent-readings.md): the
// fingerprint a key is kept with, which tells a retry from another reading under the same key.
import crypto from 'node:crypto';
import type { NormalisedReading } from '@vitalia/api/records.contract';

/** JSON with every object's keys in order, so that equal values always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, each]) => `${JSON.stringify(name)}:${canonicalJson(each)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256, in hex, of what a request stores: the reading and the readings taken with it, each as
 * normaliseReading leaves it. Two requests that store the same readings share it, whatever their
 * spelling ('97.0' or 97, a blank or a null, the order of the fields); a different value, time,
 * note or pulse gives another.
 */
export function readingFingerprint(
  reading: NormalisedReading,
  alongside: readonly NormalisedReading[],
): string {
  return crypto
    .createHash('sha256')
    .update(canonicalJson([reading, ...alongside]))
    .digest('hex');
}
