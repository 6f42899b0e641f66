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
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or undefined for anything else. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

export function accessTokens(secret: string): AccessTokens {
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
    sign: async ({ sub, role, username, sid }) =>
      new SignJWT({ role, username, sid })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${accessTokenLifetimeSeconds}s`)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [algorithm],
          issuer,
          // jose checks exp only when a token has one; a token that never expires is refused.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const { sub, role, username, sid } = payload;
        if (
          typeof sub !== 'string' ||
          typeof username !== 'string' ||
          typeof sid !== 'string' ||
          !roles.includes(role as Role)
        ) {
          return undefined;
        }
        return { sub, role: role as Role, username, sid };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
