// Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of drift)
// and ten one-time recovery codes. The TOTP key must be read back to check codes, so it cannot be
// hashed: it is encrypted with AES-256-GCM under a key derived from the signing secret. Recovery
// codes and challenge secrets are stored as hashes.
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/database.ts';
import { mfaChallenges, recoveryCodes, users } from '../../db/schema/identity.table.ts';
import { hashToken } from './session.service.ts';

const period = 30;
const digits = 6;
export const challengeLifetimeMs = 5 * 60 * 1000;
export const challengeAttempts = 5;
const recoveryCodeCount = 10;

export type CodeCheck = 'accepted' | 'rejected';

function encryptionKey(signingSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', signingSecret, 'vitalia', 'totp-secret', 32));
}

function recoveryCodeKey(signingSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', signingSecret, 'vitalia', 'recovery-code', 32));
}

// A recovery code has about 50 bits; unsalted SHA-256 of it can be reversed by trying them all.
// Stored as HMAC-SHA-256 under a 256-bit server key, with the account's id mixed in: a copy of
// the database alone is not enough to try codes, and no two accounts' codes hash alike.
const RECOVERY_HMAC_PREFIX = 'h1:';

/** A recovery code as people type it: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  // 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i): about 50 bits each.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export class TwoFactorService {
  private readonly key: Buffer;

  private readonly recoveryKey: Buffer;

  constructor(
    private readonly db: Database,
    signingSecret: string,
    private readonly clock: () => Date,
  ) {
    this.key = encryptionKey(signingSecret);
    this.recoveryKey = recoveryCodeKey(signingSecret);
  }

  private recoveryCodeHash(userId: string, code: string): string {
    const mac = crypto
      .createHmac('sha256', this.recoveryKey)
      .update(`${userId}:${normaliseRecoveryCode(code)}`)
      .digest('hex');
    return `${RECOVERY_HMAC_PREFIX}${mac}`;
  }

  private encrypt(secretBase32: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  private decrypt(stored: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unreadable TOTP secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  /** Offers a new key; it takes effect only once a code from it is confirmed. */
  async setup(userId: string, username: string) {
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ issuer: 'Vitalia', label: username, secret, digits, period });
    await this.db
      .update(users)
      .set({ totpPendingSecret: this.encrypt(secret.base32) })
      .where(eq(users.id, userId));
    const otpauthUrl = totp.toString();
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(otpauthUrl, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    return {
      secret: secret.base32,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /**
   * Checks a TOTP code against a key, and records its time step so that it is never accepted
   * again: the step is written only if it is later than the last one, in one UPDATE, so two
   * requests with the same code cannot both pass.
   */
  private async checkTotp(userId: string, secretBase32: string, code: string): Promise<CodeCheck> {
    const now = this.clock().getTime();
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secretBase32),
      digits,
      period,
      timestamp: now,
      window: 1,
    });
    if (delta === null) return 'rejected';
    const step = Math.floor(now / 1000 / period) + delta;
    const claimed = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    return claimed.length === 1 ? 'accepted' : 'rejected';
  }

  /** Confirms the pending key with a code; answers the recovery codes, shown once. */
  async enable(userId: string, code: string): Promise<string[] | undefined> {
    const [row] = await this.db
      .select({ pending: users.totpPendingSecret })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.pending) return undefined;
    const pendingSecret = this.decrypt(row.pending);
    // A new key starts with no step used.
    await this.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
    if ((await this.checkTotp(userId, pendingSecret, code)) !== 'accepted') return undefined;
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpSecret: row.pending, totpPendingSecret: null, totpEnabledAt: this.clock() })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(
        codes.map((recoveryCode) => ({
          userId,
          codeHash: this.recoveryCodeHash(userId, recoveryCode),
        })),
      );
    });
    return codes;
  }

  /** A TOTP code or an unused recovery code of this account; a recovery code is used up. */
  async checkSecondFactor(userId: string, code: string): Promise<CodeCheck> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const [row] = await this.db
        .select({ secret: users.totpSecret })
        .from(users)
        .where(eq(users.id, userId));
      if (!row?.secret) return 'rejected';
      return this.checkTotp(userId, this.decrypt(row.secret), trimmed);
    }
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: this.clock() })
      .where(
        and(
          // Codes made before the keyed hash keep working until used or replaced.
          inArray(recoveryCodes.codeHash, [
            this.recoveryCodeHash(userId, trimmed),
            hashToken(normaliseRecoveryCode(trimmed)),
          ]),
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ userId: recoveryCodes.userId });
    return used.length === 1 ? 'accepted' : 'rejected';
  }

  async disable(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    });
  }

  /** The password step passed: a challenge whose secret the browser keeps in a cookie. */
  async openChallenge(userId: string): Promise<string> {
    const secret = crypto.randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.insert(mfaChallenges).values({
      secretHash: hashToken(secret),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + challengeLifetimeMs),
    });
    return secret;
  }

  /** Counts an attempt at the challenge; answers its user while attempts and time remain. */
  async attemptChallenge(secret: string): Promise<string | undefined> {
    const [row] = await this.db
      .update(mfaChallenges)
      .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
      .where(
        and(
          eq(mfaChallenges.secretHash, hashToken(secret)),
          isNull(mfaChallenges.consumedAt),
          gt(mfaChallenges.expiresAt, this.clock()),
          lt(mfaChallenges.attempts, challengeAttempts),
        ),
      )
      .returning({ userId: mfaChallenges.userId });
    return row?.userId;
  }

  /** Closes the challenge; true for exactly one caller, so one challenge gives one session. */
  async consumeChallenge(secret: string): Promise<boolean> {
    const closed = await this.db
      .update(mfaChallenges)
      .set({ consumedAt: this.clock() })
      .where(and(eq(mfaChallenges.secretHash, hashToken(secret)), isNull(mfaChallenges.consumedAt)))
      .returning({ userId: mfaChallenges.userId });
    return closed.length === 1;
  }
}
