// The history's paging cursor: the (taken_at, id) of the last reading of a page, opaque to
// clients (base64url of a small JSON array) so its form can change without breaking them.

export interface HistoryPosition {
  /** taken_at to the microsecond, ISO in UTC: 2026-01-31T08:30:00.123456Z */
  takenAt: string;
  id: string;
}

const EXACT_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: HistoryPosition): string {
  return Buffer.from(JSON.stringify([position.takenAt, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or null for anything this server did not make. */
export function decodeCursor(cursor: string): HistoryPosition | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [takenAt, id] = parsed as unknown[];
  if (typeof takenAt !== 'string' || typeof id !== 'string' || !GUID.test(id)) return null;
  const match = EXACT_INSTANT.exec(takenAt);
  // The calendar must be real too (no 31 February), or PostgreSQL would refuse the cast.
  const milliseconds = match ? `${match[1]}Z` : undefined;
  if (!milliseconds || Number.isNaN(Date.parse(milliseconds))) return null;
  if (new Date(milliseconds).toISOString() !== milliseconds) return null;
  // PostgreSQL has no year 0.
  if (milliseconds.startsWith('0000-')) return null;
  return { takenAt, id };
}
