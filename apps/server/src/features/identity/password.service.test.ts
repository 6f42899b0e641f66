import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, hashingSlots, verifyPassword } from './password.service.ts';

/** The nice value of each thread of this process (Linux keeps one per thread). */
function threadNiceValues(): number[] {
  return fs.readdirSync('/proc/self/task').flatMap((thread) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
      // Fields after the command name's closing parenthesis start at the third; nice is the 19th.
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // the thread ended while we looked
    }
  });
}

describe('password hashing', () => {
  it('stores argon2id at the chosen cost, and checks a password against it', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery stapler')).toBe(false);
  });

  it('answers false for an account without a password, after a check of the same cost', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
  });

  it('hashes many at once, each answer for its own password', async () => {
    const passwords = Array.from({ length: hashingSlots + 3 }, (_, n) => `password number ${n}`);
    const stored = await Promise.all(passwords.map((password) => hashPassword(password)));
    const checks = await Promise.all(
      stored.map((hash, n) => verifyPassword(hash, passwords[(n + 1) % passwords.length]!)),
    );
    expect(checks.every((matches) => matches === false)).toBe(true);
    expect(await verifyPassword(stored[2]!, passwords[2]!)).toBe(true);
  });

  it('fails a check against a damaged hash with an error, and goes on hashing', async () => {
    await expect(verifyPassword('$argon2id$v=19$not-a-hash', 'password')).rejects.toThrow();
    expect(await verifyPassword(await hashPassword('still works'), 'still works')).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'hashes on threads of lower priority than the event loop, so a storm of sign-ins yields to reads',
    async () => {
      await hashPassword('wakes the hashing threads');
      const mine = os.getPriority(0);
      const lowered = threadNiceValues().filter((nice) => nice >= mine + 10);
      expect(lowered.length).toBeGreaterThanOrEqual(1);
      expect(lowered.length).toBeLessThanOrEqual(hashingSlots);
    },
  );
});
