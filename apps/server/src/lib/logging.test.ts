import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions } from './logging.ts';

/** What a logger made with the server's options writes for `log`. */
function written(log: (logger: pino.Logger) => void): string {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  log(pino(loggerOptions('info'), sink));
  return text;
}

describe('what reaches the log', () => {
  it('keeps the path and leaves out sensitive query values, an order search among them', () => {
    expect(loggableUrl('/api/v1/store/admin/orders?search=bob%40r.test&status=placed')).toBe(
      '/api/v1/store/admin/orders?search=%5Bredacted%5D&status=placed',
    );
    expect(loggableUrl('/verify/email?token=abc')).toBe('/verify/email?token=%5Bredacted%5D');
  });

  it('never writes the parameters of a failed query, wherever the error carries them', () => {
    // As the ORM's query error is made: the SQL, then the parameters, in the message, and the
    // parameters again as fields; the database's own error as the cause.
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "health_records" select * from unnest($1::uuid[])\nparams: {private note 1},ada@example.com',
        { cause },
      ),
      { query: 'insert into "health_records" ...', params: ['private note 1', 'ada@example.com'] },
    );
    const line = written((logger) => logger.error({ err: failed }, 'request errored'));
    expect(line).toContain('Failed query: insert into');
    expect(line).toContain('invalid byte sequence');
    expect(line).not.toContain('private note');
    expect(line).not.toContain('ada@example.com');
  });

  it('cuts a long error message short', () => {
    const line = written((logger) => logger.error({ err: new Error('x'.repeat(100_000)) }, 'boom'));
    expect(line.length).toBeLessThan(10_000);
  });
});
