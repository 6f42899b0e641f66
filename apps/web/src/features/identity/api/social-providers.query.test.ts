import { describe, expect, it } from 'vitest';
import { socialProvidersResponse } from '@vitalia/api/identity.contract';
import { providersOf } from './social-providers.query';

describe('the social sign-ins a server offers, read without zod', () => {
  it('reads what the contract accepts as the contract does', () => {
    for (const answer of [{ providers: [] }, { providers: ['linkedin'] }]) {
      expect(providersOf(answer)).toEqual(socialProvidersResponse.parse(answer).providers);
    }
  });

  it('leaves out a provider this version does not know, where the contract would refuse it', () => {
    expect(providersOf({ providers: ['linkedin', 'myspace'] })).toEqual(['linkedin']);
  });

  it('refuses an answer without a list, as the contract does', () => {
    for (const answer of [null, {}, { providers: 'linkedin' }, 'linkedin']) {
      expect(socialProvidersResponse.safeParse(answer).success).toBe(false);
      expect(() => providersOf(answer)).toThrow(/does not read/);
    }
  });
});
