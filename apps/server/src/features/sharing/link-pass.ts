// The pass of an opened link (docs/decisions/0054-sharing-on-the-phone.md): what the clinician's tab
// keeps, in its session storage, to show the readings again on a reload without the token or the
// code. It names the link and carries a MAC of a key only the server holds, so it cannot be made
// from the token, the code or the database; it opens nothing once the link is no longer live,
// since every use reads the link again.
import crypto from 'node:crypto';

const MAC_CHARS = 43;
const PASS_PATTERN = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.([A-Za-z0-9_-]{${MAC_CHARS}})$`,
);

export class LinkPasses {
  private readonly key: Buffer;

  /** `secret`: the server's signing secret; the key is derived from it for this use alone. */
  constructor(secret: string) {
    this.key = Buffer.from(
      crypto.hkdfSync('sha256', secret, 'vitalia', 'share-link pass', 32) as ArrayBuffer,
    );
  }

  private macOf(linkId: string): string {
    return crypto.createHmac('sha256', this.key).update(`pass:${linkId}`).digest('base64url');
  }

  /** The pass of this link: `<link id>.<MAC>`. */
  passFor(linkId: string): string {
    return `${linkId}.${this.macOf(linkId)}`;
  }

  /** The link a pass names when its MAC is right (compared in constant time); undefined otherwise. */
  linkIdOf(pass: string): string | undefined {
    const match = PASS_PATTERN.exec(pass);
    if (!match) return undefined;
    const [, linkId = '', mac = ''] = match;
    const given = Buffer.from(mac);
    const kept = Buffer.from(this.macOf(linkId));
    return given.length === kept.length && crypto.timingSafeEqual(given, kept) ? linkId : undefined;
  }
}
