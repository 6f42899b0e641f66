// Values of the wrong kind for any field: strings that have broken servers before, numbers at the
// edges of what JSON and databases hold, and JSON of any shape.
import fc from 'fast-check';

/** Strings that have broken servers before: traversal, injection, encodings, numbers as text. */
const nastyStrings = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '..',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '" OR ""="',
  "\\'",
  '\\',
  '%',
  '%00',
  '%zz',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-400',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeffBOM',
  '🩺💉🫀',
  'Ω≈ç√∫',
  'ｆｕｌｌｗｉｄｔｈ',
  'İıßﬃ',
  'a\r\nSet-Cookie: injected=1',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'ADMIN',
  'FEV1',
  'Very Sad',
  '2026-02-30T25:61:61Z',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'someone@example.com',
  'x@y',
];

export const repeatedString = fc
  .tuple(
    fc.constantFrom('x', 'é', '😀', '\u0000', '%', '"', '\\', '{'),
    fc.integer({ min: 257, max: 120_000 }),
  )
  .map(([unit, count]) => unit.repeat(count));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: repeatedString },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    Number.MAX_SAFE_INTEGER,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value of the wrong kind, for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[[]]], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'role', 'userId', 'id', 'isAdmin', '', ' ', 'tag'),
  fc.string({ maxLength: 12 }),
);
