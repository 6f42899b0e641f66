import { describe, expect, it, vi } from 'vitest';
import {
  clearTokens,
  decodeRole,
  decodeUsername,
  getAccessToken,
  getRefreshToken,
  sessionEndedOnPurpose,
  setTokens,
  signOut,
  subscribe,
} from './token-store';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function jwt(claims: unknown): string {
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(claims))}.sig`;
}

describe('token store', () => {
  it('keeps both tokens in localStorage under the keys the spec names', () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });

    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(window.localStorage.getItem('accessToken')).toBe('access-1');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('clears both tokens', () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    clearTokens();

    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('remembers that the person signed out on purpose until the next sign-in', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    clearTokens();
    expect(sessionEndedOnPurpose()).toBe(false);

    signOut();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(sessionEndedOnPurpose()).toBe(true);

    setTokens({ accessToken: 'b', refreshToken: 'r' });
    expect(sessionEndedOnPurpose()).toBe(false);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);

    setTokens({ accessToken: 'a', refreshToken: 'r' });
    clearTokens();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    setTokens({ accessToken: 'b', refreshToken: 'r' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells subscribers when another tab changes the tokens', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);

    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));

    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('decodeRole', () => {
  it('reads the role claim without checking the signature', () => {
    expect(decodeRole(jwt({ sub: '42', role: 'DOC' }))).toBe('DOC');
  });

  it('copes with base64url characters and non-ASCII claims', () => {
    // '?>' and 'ü' produce the '-' / '_' characters that plain atob rejects.
    expect(decodeRole(jwt({ role: 'USER', name: 'Müller ?>?>' }))).toBe('USER');
  });

  it('answers an empty role when there is no usable token', () => {
    expect(decodeRole(null)).toBe('');
    expect(decodeRole(undefined)).toBe('');
    expect(decodeRole('')).toBe('');
    expect(decodeRole('not-a-jwt')).toBe('');
    expect(decodeRole('a.%%%.c')).toBe('');
    expect(decodeRole(jwt({ sub: '42' }))).toBe('');
    expect(decodeRole(jwt({ role: 7 }))).toBe('');
  });
});

describe('decodeUsername', () => {
  it('reads the username claim, the address the token was issued to', () => {
    expect(decodeUsername(jwt({ sub: '42', username: 'ada@example.com' }))).toBe('ada@example.com');
  });

  it('answers null when there is no usable claim', () => {
    expect(decodeUsername(null)).toBeNull();
    expect(decodeUsername('not-a-jwt')).toBeNull();
    expect(decodeUsername(jwt({ sub: '42' }))).toBeNull();
    expect(decodeUsername(jwt({ username: '' }))).toBeNull();
    expect(decodeUsername(jwt({ username: 7 }))).toBeNull();
  });
});
