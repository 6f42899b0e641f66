// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// has signed in to an account with its password gets a cookie naming the account and a random
// nonce, signed with a key derived from JWT_SECRET. A sign-in that presents a valid one is limited
// per device, never by failures from elsewhere, so a stranger's guesses cannot keep the owner out
// where they signed in before (docs/decisions/0009-passwords-and-attempt-limits.md, amendment
// 2026-11-29).
import crypto from 'node:crypto';
import { and, desc, eq, gt, ne, notInArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityPaths } from '@vitalia/api/identity.contract';
import type { Database } from '../../db/database.ts';
import { signInDevices } from '../../db/schema/identity.table.ts';
import { keyOf } from '../../lib/attempt-limiter.ts';

/** How long a device stays trusted after its last sign-in with the password. */
export const deviceLifetimeSeconds = 180 * 24 * 3600;
/** Devices kept per account; signing in on another one forgets the one used longest ago. */
export const devicesPerAccount = 5;

/** The device proved at a two-factor sign-in's password step, on its way to the second step. */
const secondStepCookie = 'vitalia_mfa_device';

const cookiePrefix = 'vitalia_device_';

/** A device cookie that names the account being signed in to, checked and still on record. */
export interface TrustedDevice {
  /** Names the device's own attempt counter: the nonce, hashed again. */
  key: string;
  nonceHash: string;
  /** The cookie's value, or the token the doctors' app sent. */
  token: string;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

export class SignInDevices {
  private readonly key: Buffer;

  constructor(
    private readonly db: Database,
    signingSecret: string,
    private readonly clock: () => Date,
  ) {
    this.key = Buffer.from(
      crypto.hkdfSync('sha256', signingSecret, 'vitalia', 'sign-in device', 32),
    );
  }

  /**
   * One cookie per account, so people who share a browser each keep their device; the name hides
   * the account id behind a hash.
   */
  cookieName(userId: string): string {
    return `${cookiePrefix}${keyOf(`device:${userId}`).slice(0, 16)}`;
  }

  /**
   * The signature covers the account id, the nonce and the account's password hash: a new
   * password (a change or a reset) makes every cookie issued before it fail the check, without a
   * list to clear.
   */
  private signature(userId: string, nonce: string, passwordHash: string): Buffer {
    return crypto
      .createHmac('sha256', this.key)
      .update(`v1\n${userId}\n${nonce}\n${passwordHash}`)
      .digest();
  }

  /**
   * The device a token names, when it is one for this account that is signed, unaltered, issued
   * under the current password and still on record; otherwise undefined, and the attempt is
   * limited as one from an unknown device.
   */
  async check(
    token: string | undefined,
    account: { id: string; passwordHash: string | null },
  ): Promise<TrustedDevice | undefined> {
    if (!account.passwordHash || !token) return undefined;
    const [userId, nonce, mac, extra] = token.split('.');
    if (!userId || !nonce || !mac || extra !== undefined || userId !== account.id) return undefined;
    // Compared as text, so another spelling of the same bytes is not a second valid cookie.
    const expected = Buffer.from(
      this.signature(userId, nonce, account.passwordHash).toString('base64url'),
    );
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return undefined;
    }
    const nonceHash = sha256(nonce);
    const since = new Date(this.clock().getTime() - deviceLifetimeSeconds * 1000);
    const [row] = await this.db
      .select({ nonceHash: signInDevices.nonceHash })
      .from(signInDevices)
      .where(
        and(
          eq(signInDevices.nonceHash, nonceHash),
          eq(signInDevices.userId, account.id),
          gt(signInDevices.lastUsedAt, since),
        ),
      );
    return row ? { key: keyOf(nonceHash), nonceHash, token } : undefined;
  }

  /** The device of this request's cookie for the account (see `check`). */
  trusted(
    request: FastifyRequest,
    account: { id: string; passwordHash: string | null },
  ): Promise<TrustedDevice | undefined> {
    return this.check(request.cookies[this.cookieName(account.id)], account);
  }

  /**
   * After the right password: the device's token, renewed, or a new one for a new device, keeping
   * only the newest devices of the account. Undefined for an account without a password.
   */
  async issue(
    account: { id: string; passwordHash: string | null },
    device: TrustedDevice | undefined,
  ): Promise<string | undefined> {
    if (!account.passwordHash) return undefined;
    const now = this.clock();
    if (device) {
      await this.db
        .update(signInDevices)
        .set({ lastUsedAt: now })
        .where(eq(signInDevices.nonceHash, device.nonceHash));
      return device.token;
    }
    const nonce = crypto.randomBytes(16).toString('base64url');
    const nonceHash = sha256(nonce);
    await this.db
      .insert(signInDevices)
      .values({ nonceHash, userId: account.id, createdAt: now, lastUsedAt: now });
    await this.keepNewest(account.id, nonceHash);
    const mac = this.signature(account.id, nonce, account.passwordHash).toString('base64url');
    return `${account.id}.${nonce}.${mac}`;
  }

  /**
   * `issue`, as the browser's cookie: HttpOnly, SameSite=Strict, sent to the login call only, and
   * Secure when the site is served over https (as the two-factor cookie is).
   */
  async remember(
    reply: FastifyReply,
    account: { id: string; passwordHash: string | null },
    device: TrustedDevice | undefined,
    secure: boolean,
  ): Promise<void> {
    const token = await this.issue(account, device);
    if (!token) return;
    reply.setCookie(this.cookieName(account.id), token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: identityPaths.login,
      maxAge: deviceLifetimeSeconds,
    });
  }

  /**
   * Two-factor sign-in: the password step hands out nothing (whoever has only the password must
   * not be able to push the owner's devices out of the newest five). A device the login call
   * proved is carried to the second step in a cookie sent only there, for as long as its
   * challenge lasts; the second step renews it, or hands out a new one, with `keepAfterSecondStep`.
   */
  holdForSecondStep(
    reply: FastifyReply,
    device: TrustedDevice | undefined,
    secure: boolean,
    lifetimeSeconds: number,
  ): void {
    if (!device) return;
    reply.setCookie(secondStepCookie, device.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: identityPaths.tokenVerify,
      maxAge: lifetimeSeconds,
    });
  }

  /** After the second step: the device carried from the password step, renewed, or a new one. */
  async keepAfterSecondStep(
    request: FastifyRequest,
    reply: FastifyReply,
    account: { id: string; passwordHash: string | null },
    secure: boolean,
  ): Promise<void> {
    const device = await this.check(request.cookies[secondStepCookie], account);
    reply.clearCookie(secondStepCookie, { path: identityPaths.tokenVerify });
    await this.remember(reply, account, device, secure);
  }

  /** Forgets the account's devices but this one and the ones used last before it. */
  private async keepNewest(userId: string, keep: string): Promise<void> {
    const others = this.db
      .select({ nonceHash: signInDevices.nonceHash })
      .from(signInDevices)
      .where(and(eq(signInDevices.userId, userId), ne(signInDevices.nonceHash, keep)))
      .orderBy(desc(signInDevices.lastUsedAt), desc(signInDevices.createdAt))
      .limit(devicesPerAccount - 1);
    await this.db
      .delete(signInDevices)
      .where(
        and(
          eq(signInDevices.userId, userId),
          ne(signInDevices.nonceHash, keep),
          notInArray(signInDevices.nonceHash, others),
        ),
      );
  }
}
