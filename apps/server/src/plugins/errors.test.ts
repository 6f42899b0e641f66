import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

/** What node-postgres really throws when nothing listens where the database should be. */
async function refusedConnection(): Promise<unknown> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
  try {
    await pool.query('select 1');
    throw new Error('connected to a closed port');
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
}

describe('telling an unreachable database from a bug', () => {
  it('knows a refused connection, also when an ORM wraps it', async () => {
    const refused = await refusedConnection();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(
      true,
    );
  });

  it('knows a server shutting down or starting up by its SQLSTATE', () => {
    for (const code of ['57P01', '57P03', '08006']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('terminating'), { code }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves other failures to be reported as what they are', () => {
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
