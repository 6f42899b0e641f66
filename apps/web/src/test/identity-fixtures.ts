import type { Profile, SessionView } from '@vitalia/api/identity.contract';
import { setTokens } from '../lib/token-store';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT with these claims; the browser never checks signatures. */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(claims))}.sig`;
}

/** An access token as the server issues it, valid for `validForSeconds` from now. */
export function accessToken(
  role: 'USER' | 'DOC' | 'ADMIN' = 'USER',
  validForSeconds = 15 * 60,
  sub = 'user-1',
): string {
  const exp = Math.floor(Date.now() / 1000) + validForSeconds;
  return fakeJwt({ sub, role, username: 'ada@example.com', exp });
}

export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    userID: 'user-1',
    username: 'ada@example.com',
    role: 'USER',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNo: '+44 20 7946 0000',
    emailAddress: 'ada@example.com',
    displayname: null,
    gender: 'Female',
    dob: '1985-12-10',
    heightMM: 1650,
    country: 'United Kingdom',
    displayPicture: null,
    emailVerified: true,
    twoFactorEnabled: false,
    units: { sugar: 'mg/dL', cholesterol: 'mg/dL', temperature: '°C' },
    unitsChosen: { sugar: false, cholesterol: false, temperature: false },
    ...overrides,
  };
}

/** A signed-in browser: tokens stored as after a real sign-in. */
export function signInAs(role: 'USER' | 'DOC' | 'ADMIN' = 'USER'): void {
  setTokens({ accessToken: accessToken(role), refreshToken: 'refresh-1' });
}

/**
 * A live session as GET /api/v1/identity/sessions lists it: by default another browser, used an
 * hour ago from 203.0.113.7. The one the page asks with is `current: true`.
 */
export function aSession(overrides: Partial<SessionView> = {}): SessionView {
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  return {
    id: '6b1f4a52-0c1e-4d7a-9a55-0b2f1e3c4d5e',
    current: false,
    client: 'vitalia-web',
    device: 'Chrome on Android',
    ip: '203.0.113.7',
    createdAt: hourAgo,
    lastUsedAt: hourAgo,
    ...overrides,
  };
}
