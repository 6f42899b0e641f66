// The health-reading calls' paths and retry header, apart from their schemas (records.contract.ts,
// which re-exports them): the web app's first screen sends the readings kept offline and names
// these before it needs zod (docs/performance.md).

export const recordsPaths = {
  health: '/api/v1/records/health',
  healthById: '/api/v1/records/health/:id',
  healths: '/api/v1/records/healths',
  analysis: '/api/v1/records/analysis',
  followed: '/api/v1/records/followed/:measure',
} as const;

/** Where the person follows a measure (PUT) or stops following it (DELETE). */
export function followedMeasurePath(measure: string): string {
  return recordsPaths.followed.replace(':measure', encodeURIComponent(measure));
}

/** Where one reading is read, corrected and deleted. */
export function healthReadingPath(id: string): string {
  return `${recordsPaths.health}/${encodeURIComponent(id)}`;
}

/**
 * The header that makes recording a reading safe to retry (docs/decisions/0033-idempotent-readings.md):
 * a reading kept on a phone while offline is sent with a key made when it was saved, and the same
 * key sent again answers the first answer instead of storing a second reading.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
