// Ids that sort in the order they were made (the UUID version 7 layout of RFC 9562: 48 bits of
// Unix milliseconds, then random bits). Readings are listed by the time they were taken and then
// by id, so two readings taken at the same moment are listed in the order the server received
// them (docs/clinical-reference.md, 'Urgency').
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/** A new version 7 UUID; within one millisecond each is later than the one before. */
export function timeOrderedId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  // Within the same millisecond a 12-bit counter (RFC 9562, method 1) keeps the order.
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((sequence >>> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
