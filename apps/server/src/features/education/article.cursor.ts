// The article lists' paging cursors, opaque to clients (base64url of a small JSON array) so their
// form can change without breaking them. A cursor is the sort key of the last article of a page:
// its time to the microsecond and id, after its search rank when the list was a search.

export interface ArticlePosition {
  /** Search rank as PostgreSQL printed it (a real), present only for search results. */
  rank?: string;
  /** published_at (public list) or updated_at (administrators' list), to the microsecond, ISO UTC. */
  at: string;
  id: string;
}

const EXACT_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK = /^\d{1,3}(\.\d{1,12})?(e-\d{1,2})?$/;

export function encodeArticleCursor(position: ArticlePosition): string {
  const parts =
    position.rank === undefined
      ? [position.at, position.id]
      : [position.rank, position.at, position.id];
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

function isExactInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = EXACT_INSTANT.exec(value);
  // The calendar must be real too (no 31 February), or PostgreSQL would refuse the cast.
  const milliseconds = match ? `${match[1]}Z` : undefined;
  if (!milliseconds || Number.isNaN(Date.parse(milliseconds))) return false;
  return new Date(milliseconds).toISOString() === milliseconds;
}

/**
 * The position a cursor names, or null for anything this server did not make, or a cursor of a
 * search given to a plain list (and the other way round).
 */
export function decodeArticleCursor(cursor: string, ranked: boolean): ArticlePosition | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== (ranked ? 3 : 2)) return null;
  const [rank, at, id] = (ranked ? parsed : [undefined, ...parsed]) as unknown[];
  if (typeof id !== 'string' || !GUID.test(id) || !isExactInstant(at)) return null;
  if (!ranked) return { at, id };
  if (typeof rank !== 'string' || !RANK.test(rank)) return null;
  return { rank, at, id };
}
