import { describe, expect, it } from 'vitest';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { errorDetail } from '@vitalia/api/errors.schema';
import {
  errorDetailOf,
  fieldProblems,
  hasProblemCode,
  placeFieldProblems,
  serverProblems,
} from './server-message';

function failure(status: number, data: unknown): AxiosError {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  return new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('problems of a failed call', () => {
  it('takes the fields from details, not from the wording of errors', () => {
    const error = failure(400, {
      errors: ['Your first name is too long', 'Request body: is empty', 'query tag: unknown'],
      details: [
        { code: 'TOO_BIG', field: 'FirstName', message: 'must be at most 100 characters long' },
        { code: 'INVALID_REQUEST', message: 'Request body: is empty' },
        { code: 'INVALID_VALUE', field: 'tag', in: 'query', message: 'unknown' },
      ],
    });

    expect(fieldProblems(error)).toEqual([
      { field: 'FirstName', message: 'must be at most 100 characters long', code: 'TOO_BIG' },
    ]);
    expect(serverProblems(error)).toHaveLength(3);
  });

  it('finds the field of a conflict too, and answers by code', () => {
    const error = failure(409, {
      errors: ['slug: another article already uses "pulse"'],
      details: [
        { code: 'SLUG_TAKEN', field: 'slug', message: 'another article already uses "pulse"' },
      ],
    });

    expect(fieldProblems(error)).toEqual([
      { field: 'slug', message: 'another article already uses "pulse"', code: 'SLUG_TAKEN' },
    ]);
    expect(hasProblemCode(error, 'SLUG_TAKEN')).toBe(true);
    expect(hasProblemCode(error, 'NOT_FOUND')).toBe(false);
  });

  it('finds none in other failures or in answers without details', () => {
    expect(fieldProblems(failure(400, { errors: ['Username: is taken'] }))).toEqual([]);
    expect(fieldProblems(new Error('Password: no'))).toEqual([]);
    expect(fieldProblems(failure(400, 'plain text'))).toEqual([]);
    expect(fieldProblems(failure(400, { errors: ['x'], details: [{ field: 'x' }] }))).toEqual([]);
  });

  it('places what it can and leaves the rest for the alert', () => {
    const error = failure(400, {
      errors: ['Country: is too long', 'Shoe: is unknown'],
      details: [
        { code: 'TOO_BIG', field: 'Country', message: 'is too long' },
        { code: 'UNKNOWN_FIELD', field: 'Shoe', message: 'is unknown' },
      ],
    });
    const placed: string[] = [];

    const leftover = placeFieldProblems(error, ({ field, message }) => {
      if (field !== 'Country') return false;
      placed.push(message);
      return true;
    });

    expect(placed).toEqual(['is too long']);
    expect(leftover).toBe('Shoe: is unknown');
    expect(placeFieldProblems(error, () => true)).toBeNull();
  });

  it("leaves the call's own message when no field is named", () => {
    const error = failure(409, {
      errors: ['An account with this email address already exists.'],
      details: [
        { code: 'EMAIL_TAKEN', message: 'An account with this email address already exists.' },
      ],
    });

    expect(placeFieldProblems(error, () => true)).toBe(
      'An account with this email address already exists.',
    );
  });
});

describe('a problem of a failed call, read without zod', () => {
  it('reads every entry as the contract does: kept, stripped to its fields, or left out', () => {
    const entries: unknown[] = [
      { code: 'TOO_SMALL', field: 'systolic', message: 'must be at least 40 mmHg' },
      { code: 'NOT_FOUND', message: 'There is no such reading.' },
      { code: 'INVALID', field: 'cursor', in: 'query', message: 'must be a cursor' },
      { code: 'X', message: 'm', extra: 'not in the contract' },
      { code: 'X', in: 'cookie', message: 'not a place the contract names' },
      { code: 'X', field: 3, message: 'a field that is not text' },
      { code: 7, message: 'a code that is not text' },
      { code: 'X' },
      { message: 'no code' },
      'a string',
      null,
      [],
      42,
    ];
    for (const entry of entries) {
      const parsed = errorDetail.safeParse(entry);
      expect(errorDetailOf(entry), JSON.stringify(entry)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });
});
