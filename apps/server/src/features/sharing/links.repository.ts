// Links for a clinician without an account (docs/decisions/0029-care-sharing.md). A link is found
// by the SHA-256 of its token; its code is checked against the SHA-256 of token and code, so a
// copy of the table alone gives nothing to try codes against. Wrong codes are counted before a
// code is judged, so a burst of guesses gets no more tries than a patient guesser.
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { linkCodeAttempts } from '@vitalia/api/sharing.contract';
import type { Database } from '../../db/database.ts';
import { shareLinks } from '../../db/schema/sharing.table.ts';

export type LinkRow = typeof shareLinks.$inferSelect;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

export const tokenHashOf = (token: string) => sha256(`link:${token}`);
const codeHashOf = (token: string, code: string) => sha256(`code:${token}:${code}`);

/** A new link's secrets: a 256-bit token, and a 6-digit code when asked for. */
export function newLinkSecrets(withCode: boolean): { token: string; code: string | null } {
  const token = crypto.randomBytes(32).toString('base64url');
  const code = withCode ? String(crypto.randomInt(0, 1_000_000)).padStart(6, '0') : null;
  return { token, code };
}

/** Whether the code is the link's, compared in constant time. */
export function codeMatches(link: LinkRow, token: string, code: string): boolean {
  if (!link.codeHash) return true;
  const given = Buffer.from(codeHashOf(token, code));
  const kept = Buffer.from(link.codeHash);
  return given.length === kept.length && crypto.timingSafeEqual(given, kept);
}

/** Usable now: not ended, not locked, not expired. */
const isLive = (now: Date) =>
  and(isNull(shareLinks.endedAt), isNull(shareLinks.lockedAt), gt(shareLinks.expiresAt, now));

export class LinksRepository {
  constructor(private readonly db: Database) {}

  async ofPatient(patientId: string): Promise<LinkRow[]> {
    return this.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.patientId, patientId))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  }

  async insert(
    tx: Database,
    patientId: string,
    link: {
      token: string;
      code: string | null;
      label: string;
      measures: string[] | null;
      expiresAt: Date;
    },
  ): Promise<LinkRow> {
    const [row] = await tx
      .insert(shareLinks)
      .values({
        patientId,
        tokenHash: tokenHashOf(link.token),
        codeHash: link.code === null ? null : codeHashOf(link.token, link.code),
        label: link.label,
        measures: link.measures,
        expiresAt: link.expiresAt,
      })
      .returning();
    if (!row) throw new Error('insert into share_links returned no row');
    return row;
  }

  /** Ends a live link of the person; undefined when there is none to end. */
  async end(tx: Database, patientId: string, id: string, now: Date): Promise<LinkRow | undefined> {
    const [row] = await tx
      .update(shareLinks)
      .set({ endedAt: now })
      .where(and(eq(shareLinks.id, id), eq(shareLinks.patientId, patientId), isLive(now)))
      .returning();
    return row;
  }

  async ownedBy(patientId: string, id: string): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.id, id), eq(shareLinks.patientId, patientId)));
    return row;
  }

  /** The live link a token opens; undefined for any other token. */
  async live(token: string, now: Date): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.tokenHash, tokenHashOf(token)), isLive(now)));
    return row;
  }

  /** The live link with this id, for a pass that names it; undefined for any other. */
  async liveById(id: string, now: Date): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.id, id), isLive(now)));
    return row;
  }

  /**
   * Counts a code attempt before it is judged; the tries used so far, or undefined when the link
   * has none left (or is no longer live).
   */
  async reserveAttempt(id: string, now: Date): Promise<number | undefined> {
    const [row] = await this.db
      .update(shareLinks)
      .set({ wrongCodes: sql`${shareLinks.wrongCodes} + 1` })
      .where(and(eq(shareLinks.id, id), isLive(now), lt(shareLinks.wrongCodes, linkCodeAttempts)))
      .returning({ wrongCodes: shareLinks.wrongCodes });
    return row?.wrongCodes;
  }

  /** Hands back the attempt of a right code. */
  async refundAttempt(id: string): Promise<void> {
    await this.db
      .update(shareLinks)
      .set({ wrongCodes: sql`greatest(${shareLinks.wrongCodes} - 1, 0)` })
      .where(eq(shareLinks.id, id));
  }

  /** Locks a link that has used its tries; true when this call locked it. */
  async lock(tx: Database, id: string, now: Date): Promise<boolean> {
    const locked = await tx
      .update(shareLinks)
      .set({ lockedAt: now })
      .where(and(eq(shareLinks.id, id), isNull(shareLinks.lockedAt)))
      .returning({ id: shareLinks.id });
    return locked.length > 0;
  }

  /** Counts an opening; true when it was the first. */
  async markOpened(tx: Database, id: string, now: Date): Promise<boolean> {
    const [row] = await tx
      .update(shareLinks)
      .set({ opens: sql`${shareLinks.opens} + 1`, lastOpenedAt: now })
      .where(eq(shareLinks.id, id))
      .returning({ opens: shareLinks.opens });
    return row?.opens === 1;
  }
}
