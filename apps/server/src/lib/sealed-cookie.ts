// Small values the browser keeps for the server between two requests (a social sign-in's state,
// nonce and PKCE verifier): encrypted and authenticated with AES-256-GCM, and dated, so the
// browser can neither read nor alter them, and an old one stops working.
import crypto from 'node:crypto';

export class SealedCookie<T> {
  private readonly key: Buffer;

  constructor(signingSecret: string, purpose: string) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', signingSecret, 'vitalia', purpose, 32));
  }

  seal(value: T, lifetimeMs: number, now: Date): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = JSON.stringify({ value, expiresAt: now.getTime() + lifetimeMs });
    const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The value, or undefined when the cookie is missing, altered or expired. */
  open(cookie: string | undefined, now: Date): T | undefined {
    const [iv, tag, sealed] = (cookie ?? '').split('.');
    if (!iv || !tag || !sealed) return undefined;
    try {
      const decipher = crypto.createDecipheriv(
        'aes-256-gcm',
        this.key,
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const body = Buffer.concat([
        decipher.update(Buffer.from(sealed, 'base64url')),
        decipher.final(),
      ]);
      const parsed = JSON.parse(body.toString('utf8')) as { value: T; expiresAt: number };
      return parsed.expiresAt > now.getTime() ? parsed.value : undefined;
    } catch {
      return undefined;
    }
  }
}
