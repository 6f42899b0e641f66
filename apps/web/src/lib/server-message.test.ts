import { describe, expect, it } from 'vitest';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { fieldProblems, placeFieldProblems } from './server-message';

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

describe('field problems of a 400', () => {
  it('splits "Field: message" entries and skips the others', () => {
    const error = failure(400, {
      errors: ['FirstName: must be at most 100 characters long', 'Request body: is empty', 'Odd'],
    });

    expect(fieldProblems(error)).toEqual([
      { field: 'FirstName', message: 'must be at most 100 characters long' },
    ]);
  });

  it('finds none in other failures', () => {
    expect(fieldProblems(failure(409, { errors: ['Username: is taken'] }))).toEqual([]);
    expect(fieldProblems(new Error('Password: no'))).toEqual([]);
    expect(fieldProblems(failure(400, 'plain text'))).toEqual([]);
  });

  it('places what it can and leaves the rest for the alert', () => {
    const error = failure(400, { errors: ['Country: is too long', 'Shoe: is unknown'] });
    const placed: string[] = [];

    const leftover = placeFieldProblems(error, ({ field, message }) => {
      if (field !== 'Country') return false;
      placed.push(message);
      return true;
    });

    expect(placed).toEqual(['is too long']);
    expect(leftover).toBe('Shoe: is unknown');
    expect(placeFieldProblems(failure(400, { errors: ['Country: x'] }), () => true)).toBeNull();
  });

  it("leaves the call's own message when no field is named", () => {
    const error = failure(409, { errors: ['An account with this email address already exists.'] });

    expect(placeFieldProblems(error, () => true)).toBe(
      'An account with this email address already exists.',
    );
  });
});
