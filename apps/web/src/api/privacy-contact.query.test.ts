import { describe, expect, it } from 'vitest';
import { graceInWords } from './privacy-contact.query';

describe('the deletion grace in words', () => {
  it('names the largest whole unit', () => {
    expect(graceInWords(604_800)).toBe('7 days');
    expect(graceInWords(86_400)).toBe('1 day');
    expect(graceInWords(43_200)).toBe('12 hours');
    expect(graceInWords(90_000)).toBe('25 hours');
    expect(graceInWords(1_800)).toBe('30 minutes');
    expect(graceInWords(15)).toBe('15 seconds');
    expect(graceInWords(1)).toBe('1 second');
  });
});
