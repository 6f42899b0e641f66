// Every schema of the contract imports `z` from here so that the browser's forms and the server's
// 400 answers show the same plain-language messages. The messages say what to fix; the field name
// is added by whoever shows them (the form beside the field, the server as "Field: message").
import { z } from 'zod';

function describeReceived(input: unknown): string {
  if (input === null) return 'nothing (null)';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'number' && Number.isNaN(input)) return 'not a number';
  return `a ${typeof input}`;
}

const expectedNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type': {
        if (issue.input === undefined) return 'is required';
        // A number with a fraction where a whole one is wanted: "not a number" would be wrong.
        if (issue.expected === 'int' && typeof issue.input === 'number') {
          return Number.isFinite(issue.input)
            ? `must be a whole number, not ${issue.input}`
            : 'must be a whole number';
        }
        const expected = expectedNames[issue.expected] ?? issue.expected;
        return `must be ${expected}, not ${describeReceived(issue.input)}`;
      }
      case 'unrecognized_keys':
        return issue.keys.length === 1
          ? `"${issue.keys[0]}" is not a field this call accepts`
          : `${issue.keys.map((key) => `"${key}"`).join(', ')} are not fields this call accepts`;
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1
            ? 'must not be empty'
            : `must be at least ${issue.minimum} characters long`;
        }
        if (issue.origin === 'array') return `must hold at least ${issue.minimum} items`;
        return `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
        if (issue.origin === 'array') return `must hold at most ${issue.maximum} items`;
        return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
      case 'invalid_value':
        return `must be one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
      default:
        return undefined;
    }
  },
});

export { z };
