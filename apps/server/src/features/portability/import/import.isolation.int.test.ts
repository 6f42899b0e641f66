// One person's import never makes anyone wait (docs/decisions/0031-importing-readings.md): while an
// import holds its lock, the person's own readings and sign-ins, and everyone else's, go on; a
// second import of the same person waits for the first, and past its wait answers 503 with
// Retry-After. Only PostgreSQL has connections that can wait on each other: the embedded database
// serves one statement at a time by design, so this file runs in the PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call, signedInAccount } from '../../../test/test-calls.ts';
import { underPersonLock } from './import.repository.ts';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

let server: TestApp;
beforeAll(async () => {
  if (onPostgres) server = await createTestApp({ trustProxy: true });
});
afterAll(() => server?.close());

describe.runIf(onPostgres)('an import holding its lock', () => {
  it('lets the person and everyone else read and write, and makes a second import wait', async () => {
    const owner = await signedInAccount(server);
    const other = await signedInAccount(server);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const importing = underPersonLock(server.app.database.db, owner.userId, async () => {
      entered();
      await held;
      return 'done';
    });
    await inside;

    // Each of these would wait on the owner's row, or on a pool emptied by such waits, if the
    // import locked the row FOR UPDATE: the test would then time out.
    const reading = (token: string, value: number) =>
      call(server, 'POST', '/api/v1/records/health', {
        token,
        body: { Tag: 'Pulse Value', TagValue: value, TakenAt: new Date().toISOString() },
      });
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => reading(owner.token, 60 + index)),
      reading(other.token, 70),
      call(server, 'GET', '/api/v1/identity/profile', { token: other.token }),
      call(server, 'GET', '/api/v1/identity/profile', { token: owner.token }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array.from({ length: 13 }, () => 201),
      200,
      200,
    ]);

    // The owner's second import waits for the first; past its wait it is told to come back.
    await expect(
      underPersonLock(server.app.database.db, owner.userId, async () => 'second', 1),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'IMPORT_BUSY',
      headers: { 'retry-after': '60' },
    });
    const second = underPersonLock(server.app.database.db, owner.userId, async () => 'second');
    release();
    expect(await importing).toBe('done');
    expect(await second).toBe('second');
  });
});
