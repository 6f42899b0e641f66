import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

function messagesFor(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.message);
}

describe('contract messages', () => {
  const person = z.strictObject({ name: z.string().min(1).max(5), age: z.number().int() });

  it('says a missing field is required', () => {
    expect(messagesFor(person, { age: 3 })).toEqual(['is required']);
  });

  it('names the expected and the received type', () => {
    expect(messagesFor(person, { name: 'Ada', age: '3' })).toEqual([
      'must be a number, not a string',
    ]);
  });

  it('says a number with a fraction is not a whole number', () => {
    expect(messagesFor(person, { name: 'Ada', age: 1.5 })).toEqual([
      'must be a whole number, not 1.5',
    ]);
  });

  it('names a field the call does not accept', () => {
    expect(messagesFor(person, { name: 'Ada', age: 3, admin: true })).toEqual([
      '"admin" is not a field this call accepts',
    ]);
  });

  it('gives length limits in characters', () => {
    expect(messagesFor(person, { name: '', age: 3 })).toEqual(['must not be empty']);
    expect(messagesFor(person, { name: 'Adalbert', age: 3 })).toEqual([
      'must be at most 5 characters long',
    ]);
  });

  it('lists the allowed values of an enumeration', () => {
    expect(messagesFor(z.enum(['ASC', 'DESC']), 'up')).toEqual(['must be one of: "ASC", "DESC"']);
  });
});
