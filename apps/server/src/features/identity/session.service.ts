// Sessions and their tokens (docs/decisions/0008-sessions-and-tokens.md). A session is a refresh-token family: every
// refresh uses up the token presented and issues the next one; presenting a used token again is
// taken as theft and ends the whole session.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role } from '@vitalia/api/identity.contract';
import type { Database } from '../../db/database.ts';
import { refreshTokens, sessions, users } from '../../db/schema/identity.table.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import { deletionPending } from './account-deletion.service.ts';

const day = 24 * 60 * 60 * 1000;
/** Each refresh token lives 30 days; using it gives a new one for another 30. */
export const refreshTokenLifetimeMs = 30 * day;
/** However often it is refreshed, a session ends 90 days after sign-in. */
export const sessionAbsoluteLifetimeMs = 90 * day;

export interface SignedInTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export type RotationResult =
  | { outcome: 'rotated'; tokens: SignedInTokens; userId: string }
  | { outcome: 'reused'; userId: string; sessionId: string }
  | { outcome: 'other-client'; userId: string; sessionId: string }
  | { outcome: 'invalid' };

/** What revoking a token (RFC 7009) did. */
export type RevocationResult =
  | { outcome: 'revoked'; userId: string; sessionId: string }
  | { outcome: 'other-client'; userId: string; sessionId: string }
  | { outcome: 'unknown' };

/** Which kind of token a revocation looks for first (RFC 7009 section 2.1, token_type_hint). */
export type TokenTypeHint = 'refresh_token' | 'access_token';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function revokeAllSessions(
  db: Database,
  userId: string,
  reason: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

interface Account {
  id: string;
  username: string;
  role: Role;
}

/** Where a session is being used from, as its owner's list shows it. */
export interface SessionOrigin {
  ip: string;
  userAgent: string | null;
}

/** The request's address and browser, the browser's description cut to a sensible length. */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 400) : null };
}

export interface SessionRow {
  id: string;
  clientId: string | null;
  userAgent: string | null;
  lastIp: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Starts a new session for an account that has just proved who it is. An account waiting to be
   * deleted gets none, whichever way it signed in (docs/decisions/0032-account-deletion.md): it
   * must be restored first. A session started at the token endpoint belongs to the client that
   * asked from the start, and its tokens say so (docs/decisions/0049-confidential-clients.md); the
   * login call's sessions name no client until their first refresh.
   */
  async start(
    account: Account,
    origin: SessionOrigin,
    clientId: string | null = null,
  ): Promise<SignedInTokens> {
    return this.db.transaction(async (tx) => {
      const [state] = await tx
        .select({ deletionRequestedAt: users.deletionRequestedAt, purgeAfter: users.purgeAfter })
        .from(users)
        .where(eq(users.id, account.id))
        .for('share');
      if (state?.deletionRequestedAt) throw deletionPending(state.purgeAfter);
      const [session] = await tx
        .insert(sessions)
        .values({
          userId: account.id,
          absoluteExpiresAt: new Date(this.clock().getTime() + sessionAbsoluteLifetimeMs),
          userAgent: origin.userAgent,
          lastIp: origin.ip,
          lastUsedAt: this.clock(),
          clientId,
        })
        .returning({ id: sessions.id, absoluteExpiresAt: sessions.absoluteExpiresAt });
      if (!session) throw new Error('session insert returned nothing');
      return this.issue(
        tx as unknown as Database,
        account,
        session.id,
        session.absoluteExpiresAt,
        clientId,
      );
    });
  }

  private async issue(
    db: Database,
    account: Account,
    sessionId: string,
    absoluteExpiresAt: Date,
    clientId: string | null,
  ): Promise<SignedInTokens> {
    const refreshToken = newRefreshToken();
    const expiresAt = new Date(
      Math.min(this.clock().getTime() + refreshTokenLifetimeMs, absoluteExpiresAt.getTime()),
    );
    await db
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(refreshToken), sessionId, expiresAt });
    const accessToken = await this.tokens.sign({
      sub: account.id,
      role: account.role,
      username: account.username,
      sid: sessionId,
      ...(clientId === null ? {} : { clientId }),
    });
    return { accessToken, refreshToken, sessionId };
  }

  /**
   * Uses up a refresh token and issues the next pair. Marking the token used is one conditional
   * UPDATE, so of two concurrent refreshes with one token exactly one wins; the other finds the
   * token used and ends the session. A session belongs to the client that started it at the token
   * endpoint or, for the login call's, first refreshed it: a token presented by another client is
   * refused and left unused.
   */
  async rotate(
    refreshToken: string,
    clientId: string,
    origin: SessionOrigin,
  ): Promise<RotationResult> {
    const tokenHash = hashToken(refreshToken);
    const now = this.clock();
    const sameClient = sql`exists (select 1 from ${sessions} where ${sessions.id} = ${refreshTokens.sessionId} and (${sessions.clientId} is null or ${sessions.clientId} = ${clientId}))`;
    // The claim and the new pair are one transaction: the row lock the claiming UPDATE takes holds
    // back a concurrent refresh with the same token until the winner has committed, so the loser
    // always finds the token used, and the winner never finds its session already ended by the
    // loser's reuse check between its claim and its answer.
    const rotated = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, now),
            sameClient,
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId });
      if (!claimed) return undefined;
      await tx
        .update(sessions)
        .set({
          clientId: sql`coalesce(${sessions.clientId}, ${clientId})`,
          lastUsedAt: now,
          lastIp: origin.ip,
          userAgent: origin.userAgent,
        })
        .where(eq(sessions.id, claimed.sessionId));

      const [row] = await tx
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          revokedAt: sessions.revokedAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, claimed.sessionId));
      if (!row || row.revokedAt || row.absoluteExpiresAt <= now)
        return { outcome: 'invalid' } as const;
      // The session is this client's now (the claim allowed no other), and so is the new token.
      const tokens = await this.issue(tx, row, claimed.sessionId, row.absoluteExpiresAt, clientId);
      return { outcome: 'rotated', tokens, userId: row.id } as const;
    });
    if (rotated) return rotated;

    const [known] = await this.db
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        clientId: sessions.clientId,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.usedAt) {
      await this.revoke(known.sessionId, 'refresh token reused');
      return { outcome: 'reused', userId: known.userId, sessionId: known.sessionId };
    }
    if (known && known.clientId !== null && known.clientId !== clientId) {
      return { outcome: 'other-client', userId: known.userId, sessionId: known.sessionId };
    }
    return { outcome: 'invalid' };
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of the account (password change and reset). */
  revokeAll(userId: string, reason: string): Promise<void> {
    return revokeAllSessions(this.db, userId, reason);
  }

  /** The account's live sessions, the most recently used first. */
  async liveSessions(userId: string): Promise<SessionRow[]> {
    return this.db
      .select({
        id: sessions.id,
        clientId: sessions.clientId,
        userAgent: sessions.userAgent,
        lastIp: sessions.lastIp,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.absoluteExpiresAt, this.clock()),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt));
  }

  /** Ends one of the account's own sessions; false when it has none live by that id. */
  async endOwn(userId: string, sessionId: string, reason: string): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock(), revokedReason: reason })
      .where(
        and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
      )
      .returning({ id: sessions.id });
    return ended.length === 1;
  }

  /** Ends every live session of the account but `keep`; answers how many ended. */
  async endOthers(userId: string, keep: string, reason: string): Promise<number> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return ended.length;
  }

  /**
   * Token revocation (RFC 7009): ends the session of a refresh token or of an access token, which
   * ends every token of that session at once, refresh and access alike (section 2.1 lets a server
   * revoke the whole grant; an access token cannot be ended alone, since calls check its
   * session). Only the client the session belongs to may, or any client while the session
   * belongs to none (the login call's, before its first refresh). Both kinds are looked for,
   * `hint`'s first.
   */
  async revokeToken(
    token: string,
    clientId: string,
    hint: TokenTypeHint | undefined,
  ): Promise<RevocationResult> {
    const lookups = [
      () => this.sessionOfRefreshToken(token),
      () => this.sessionOfAccessToken(token),
    ];
    if (hint === 'access_token') lookups.reverse();
    for (const lookup of lookups) {
      const session = await lookup();
      if (!session) continue;
      const found = { userId: session.userId, sessionId: session.id };
      if (session.clientId !== null && session.clientId !== clientId) {
        return { outcome: 'other-client', ...found };
      }
      await this.revoke(session.id, 'revoked by its client');
      return { outcome: 'revoked', ...found };
    }
    return { outcome: 'unknown' };
  }

  private async sessionOfRefreshToken(token: string) {
    const [session] = await this.db
      .select({ id: sessions.id, userId: sessions.userId, clientId: sessions.clientId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    return session;
  }

  /** The session of an access token that is signed by us and not expired. */
  private async sessionOfAccessToken(token: string) {
    const claims = await this.tokens.verify(token);
    if (!claims) return undefined;
    const [session] = await this.db
      .select({ id: sessions.id, userId: sessions.userId, clientId: sessions.clientId })
      .from(sessions)
      .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub)));
    return session;
  }

  /**
   * Whether the session a refresh token belongs to is still live: not ended (signed out, ended
   * from another device, a password changed) and within its lifetimes. Nothing is used or
   * changed: a device asks this before it shows anything kept of the person
   * (docs/decisions/0042-returning-dashboard-painted-from-the-device.md). A token already
   * exchanged for a newer one still names its session (another tab of the same browser may have
   * refreshed meanwhile); presenting it to the token endpoint would end the session as a theft.
   */
  async sessionAlive(refreshToken: string): Promise<boolean> {
    const now = this.clock();
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(
        and(
          eq(refreshTokens.tokenHash, hashToken(refreshToken)),
          // An unused token past its own lifetime can no longer renew the session.
          or(isNotNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)),
          isNull(sessions.revokedAt),
          gt(sessions.absoluteExpiresAt, now),
        ),
      );
    return row !== undefined;
  }

  /**
   * Logout: ends the session a refresh token belongs to. The token itself is the credential (as in
   * RFC 7009), so a person whose access token has expired can still sign out.
   */
  async endByRefreshToken(refreshToken: string): Promise<string | undefined> {
    const [known] = await this.db
      .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    if (!known) return undefined;
    await this.revoke(known.sessionId, 'signed out');
    return known.userId;
  }
}
