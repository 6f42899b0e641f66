// What the browser reads from a session's tokens. A module of its own, without React, so that
// src/boot.ts can tell whose screen it may paint before the app's code has loaded
// (lib/offline/screen-snapshot.ts).

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The claims of a JWT, read without checking the signature: the browser only uses them to choose
 * what to show and when to refresh, and the server checks the token on every call anyway.
 */
function readClaims(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The role claim of a JWT; empty when there is no usable token. */
export function decodeRole(token: string | null | undefined): string {
  const role = readClaims(token)?.role;
  return typeof role === 'string' ? role : '';
}

/** The username claim of a JWT (the email address it was issued to); null when there is none. */
export function decodeUsername(token: string | null | undefined): string | null {
  const username = readClaims(token)?.username;
  return typeof username === 'string' && username ? username : null;
}

/**
 * The subject claim of a JWT (the person's account id, stable across email changes); null when
 * there is none. What is kept on the device for offline use is filed under it.
 */
export function decodeSubject(token: string | null | undefined): string | null {
  const sub = readClaims(token)?.sub;
  return typeof sub === 'string' && sub ? sub : null;
}

/** When the token stops being accepted, in milliseconds since the epoch; null when unknown. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
