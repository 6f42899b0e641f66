// The session check folded into a route's read cannot be skipped: a route that checked only the
// token's signature has no way to learn who is calling except a read built on the sealed session
// key. These hold at compile time (npm run typecheck), where a route would be written.
import type { FastifyRequest } from 'fastify';
import { describe, expectTypeOf, it } from 'vitest';
import type { SessionKey } from '../db/live-session.ts';
import { sessionKeyOf } from './auth.ts';

describe('the session key of a read', () => {
  it('tells a route neither the user nor the session it names', () => {
    expectTypeOf<SessionKey>().not.toHaveProperty('sub');
    expectTypeOf<SessionKey>().not.toHaveProperty('sid');
    expectTypeOf(sessionKeyOf).returns.toEqualTypeOf<SessionKey>();
  });

  it('is the only way to the token: the request carries no claims', () => {
    expectTypeOf<FastifyRequest>().not.toHaveProperty('accessClaims');
  });
});
