// Query parameters read from text and described as what they are checked to be
// (docs/decisions/0049-confidential-clients.md).
import { describe, expect, it } from 'vitest';
import { queryInteger, queryWord } from './query-params.ts';
import { z } from './zod.ts';

const query = z.strictObject({
  limit: queryInteger(1, 200).optional(),
  order: queryWord(['DESC', 'ASC']).optional(),
});

const refusal = (input: Record<string, unknown>) => {
  const parsed = query.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
};

describe('query parameters', () => {
  it('read digits as a whole number, and a word in any case', () => {
    expect(query.parse({ limit: '1', order: 'desc' })).toEqual({ limit: 1, order: 'DESC' });
    expect(query.parse({ limit: '200', order: 'Asc' })).toEqual({ limit: 200, order: 'ASC' });
    expect(query.parse({})).toEqual({});
  });

  it('refuse what is not a whole number in bounds, or not one of the words', () => {
    for (const limit of ['0', '201', 'ten', '1e2', '5.0', ' 5', '', '-1', ['1', '2']]) {
      expect(refusal({ limit }), JSON.stringify(limit)).toEqual([
        'must be a whole number from 1 to 200',
      ]);
    }
    expect(refusal({ order: 'UP' })).toEqual(['must be one of DESC, ASC']);
  });

  it('describe themselves as the check: an integer with its bounds, an enum', () => {
    expect(z.toJSONSchema(query, { io: 'input' }).properties).toEqual({
      limit: { type: 'integer', minimum: 1, maximum: 200 },
      order: { type: 'string', enum: ['DESC', 'ASC'] },
    });
  });
});
