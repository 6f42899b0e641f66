// The verified-token memory of access-token.ts: it saves checking a signature again, and nothing
// else; an expired or altered token is refused as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenLifetimeSeconds, accessTokens } from './access-token.ts';

const claims = {
  sub: '0b0b5f43-5a3c-4d1e-9d59-0f3cf1f0a001',
  role: 'USER' as const,
  username: 'ada@example.com',
  sid: '0b0b5f43-5a3c-4d1e-9d59-0f3cf1f0a002',
};

describe('access tokens, verified once and remembered', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for a token seen before', async () => {
    const tokens = accessTokens('a signing secret of enough length for HS256');
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = accessTokens('a signing secret of enough length for HS256');
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + (accessTokenLifetimeSeconds - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 2000);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token whose signature or claims were changed after the real one was seen', async () => {
    const tokens = accessTokens('a signing secret of enough length for HS256');
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // A character in the middle: the last one of a base64url signature holds padding bits.
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeUndefined();
    const admin = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        role: 'ADMIN',
      }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${admin}.${signature}`)).toBeUndefined();
  });

  it('carries the client a token was issued to as client_id, and none when it has none', async () => {
    const tokens = accessTokens('a signing secret of enough length for HS256');
    const issued = await tokens.sign({ ...claims, clientId: 'doctors-app' });
    const payload = JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString()) as {
      client_id?: string;
    };
    expect(payload.client_id).toBe('doctors-app');
    expect(await tokens.verify(issued)).toEqual({ ...claims, clientId: 'doctors-app' });
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('refuses a token of another secret, whatever this one remembers', async () => {
    const ours = accessTokens('a signing secret of enough length for HS256');
    const theirs = accessTokens('another secret, of the same sort of length');
    const token = await ours.sign(claims);
    expect(await ours.verify(token)).toEqual(claims);
    expect(await theirs.verify(token)).toBeUndefined();
  });
});
