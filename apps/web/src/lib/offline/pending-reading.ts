import {
  normaliseReading,
  type HealthReading,
  type HealthReadingRequest,
} from '@vitalia/api/records.contract';
import type { OutboxItem } from './outbox';

const pendingPrefix = 'pending:';

/**
 * A reading waiting to send, in the shape of a stored one, so the screens rate and draw it with
 * the same interpreter and components as the server's readings.
 */
export function pendingReadingOf(item: OutboxItem): HealthReading {
  const stored = normaliseReading(item.request);
  return {
    ...stored,
    id: `${pendingPrefix}${item.key}`,
    takenAt: stored.takenAt ?? item.savedAt,
    createdAt: item.savedAt,
    updatedAt: item.savedAt,
  };
}

/** True for the stand-in of a reading that has not reached the server yet. */
export function isPendingReading(reading: HealthReading): boolean {
  return reading.id.startsWith(pendingPrefix);
}

/** A reading's time is fixed when it is saved, so a copy sent later is the same reading. */
export function withTakenAt(request: HealthReadingRequest, now: Date = new Date()) {
  return { ...request, TakenAt: request.TakenAt ?? now.toISOString() };
}

/** A random key for one reading, made when it is saved and sent with every try of it. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; the same version 4 layout from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
