// Access tokens: short-lived signed JWTs (docs/decisions/0008-sessions-and-tokens.md). Only HS256 is accepted when
// verifying, so a token cannot choose its own algorithm ('none', or RS256 with our secret as key).
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { roles, type Role } from '@vitalia/api/identity.contract';

export const accessTokenLifetimeSeconds = 15 * 60;
const algorithm = 'HS256';
const issuer = 'vitalia';

export interface AccessClaims {
  /** The user's id. */
  sub: string;
  role: Role;
  username: string;
  /** The session the token belongs to; revoking the session ends the token. */
  sid: string;
  /**
   * The OAuth client the token was issued to, as the `client_id` claim of RFC 9068 section 2.2;
   * absent for a session signed in by the login call and not yet refreshed at the token endpoint
   * (docs/decisions/0049-confidential-clients.md).
   */
  clientId?: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or undefined for anything else. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

/** How many verified tokens are remembered; the oldest is forgotten first. */
const rememberedTokens = 10_000;

export function accessTokens(secret: string): AccessTokens {
  // Tokens already verified, by their whole text (signature included), with their expiry: a
  // client sends the same token with every call for its 15 minutes, and checking its signature
  // again cost more than the rest of a read's own work (docs/decisions/0037-one-round-trip-reads.md).
  // Only the signature is remembered: the expiry is judged on every call, and the session each
  // call's own query checks, so a revoked session still ends at once.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  // Imported once: given raw bytes, jose imports a WebCrypto key on every call, which was a tenth
  // of the server's time on an authenticated read.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async ({ sub, role, username, sid, clientId }) =>
      new SignJWT({
        role,
        username,
        sid,
        ...(clientId === undefined ? {} : { client_id: clientId }),
      })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenLifetimeSeconds}s`)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [algorithm],
          issuer,
          // jose checks exp only when a token has one; a token that never expires is refused.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const { sub, role, username, sid, exp, client_id: clientId } = payload;
        if (
          typeof sub !== 'string' ||
          typeof username !== 'string' ||
          typeof sid !== 'string' ||
          typeof exp !== 'number' ||
          !roles.includes(role as Role) ||
          (clientId !== undefined && typeof clientId !== 'string')
        ) {
          return undefined;
        }
        const claims: AccessClaims = {
          sub,
          role: role as Role,
          username,
          sid,
          ...(clientId === undefined ? {} : { clientId }),
        };
        if (verified.size >= rememberedTokens) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: exp * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
