import { describe, expect, it } from 'vitest';
import { groupKey, recoveryCodesText } from './two-factor-text';

describe('groupKey', () => {
  it('splits a key into groups of four, the last one shorter when it must be', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
    expect(groupKey(' AB CD E ')).toBe('ABCD E');
    expect(groupKey('')).toBe('');
  });
});

describe('recoveryCodesText', () => {
  it('names the account and the day, then lists every code on its own line', () => {
    const text = recoveryCodesText(
      ['abcde-23456', 'fghjk-78923'],
      'ada@example.com',
      new Date('2026-03-04T10:00:00Z'),
    );

    expect(text.split('\n')).toEqual([
      'Vitalia recovery codes for ada@example.com',
      'Made on 2026-03-04.',
      '',
      'Each code signs you in once, in place of the code from your authenticator app.',
      'Keep them somewhere safe and private, away from your phone.',
      '',
      'abcde-23456',
      'fghjk-78923',
      '',
    ]);
  });
});
