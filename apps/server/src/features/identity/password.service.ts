// Passwords are stored with argon2id at OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1;
// OWASP Password Storage Cheat Sheet). Hashing runs on libuv's thread pool, never on the event
// loop, and at most `hashingSlots` run at once so that a storm of sign-ins can take neither all
// memory nor every core.
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

const argon2Options = {
  // Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * One core is left for everything else: hashing is pure CPU, and with every core hashing, the
 * other requests wait behind a storm of sign-ins. Each slot holds 19 MiB while it runs.
 */
export const hashingSlots = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < hashingSlots) running += 1;
  // A finishing hash hands its slot straight to the next in line, so none is taken twice.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => hash(password, argon2Options));
}

// Verifying against this when there is no such account takes as long as a real check, so the
// time of an answer does not tell whether an email address has an account.
let decoyHash: Promise<string> | undefined;

/** True when the password matches; a missing hash is checked against a decoy and is false. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const target = storedHash ?? (await decoyHash);
  const matches = await withHashingSlot(() => verify(target, password));
  return storedHash !== null && matches;
}

// The most common passwords of the zxcvbn-ts project's list (itself drawn from published breach
// corpora), kept to those a person could choose under our length rule.
const commonPasswords = new Set(
  dictionary['passwords-common']
    .map((password) => password.toLowerCase())
    .filter((password) => password.length >= 8),
);

/** Why a new password is refused beyond its length, or undefined when it is acceptable. */
export function passwordWeakness(password: string, username: string): string | undefined {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) {
    return 'is one of the most common passwords, which attackers try first; choose another';
  }
  const localPart = username.toLowerCase().split('@')[0] ?? '';
  if (lowered === username.toLowerCase() || (localPart.length >= 4 && lowered === localPart)) {
    return 'must not be your email address or its name part';
  }
  if (/^(.)\1+$/.test(password)) return 'must not be one character repeated';
  return undefined;
}

export function commonPasswordCount(): number {
  return commonPasswords.size;
}
