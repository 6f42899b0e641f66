// Checking an email address and password, shared by every way of signing in with them: the login
// call, the token endpoint's password grant (docs/decisions/0049-confidential-clients.md) and
// restoring an account waiting to be deleted. Failures are limited per account and address
// (docs/decisions/0009-passwords-and-attempt-limits.md).
import type { FastifyRequest } from 'fastify';
import { keyOf, type AttemptLimiter, type AttemptRule } from '../../lib/attempt-limiter.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AppError } from '../../plugins/errors.ts';
import { deletionPending } from './account-deletion.service.ts';
import { normaliseUsername, type AccountRepository, type UserRow } from './account.repository.ts';
import { verifyPassword } from './password.service.ts';

const fifteenMinutes = 15 * 60;

/**
 * Failed sign-ins are limited per account and address pair (5 in 15 minutes), per address (100,
 * for one source trying many accounts), and per account from anywhere (20, which slows guessing
 * spread over many addresses). The account-wide rule would let a stranger keep the owner out, so it
 * does not apply from an address that has signed in to the account before.
 */
export function signInRules(username: string, ip: string, knownAddress: boolean): AttemptRule[] {
  const account = keyOf(username);
  return [
    { key: `sign-in:pair:${account}:${ip}`, limit: 5, windowSeconds: fifteenMinutes },
    { key: `sign-in:address:${ip}`, limit: 100, windowSeconds: fifteenMinutes },
    ...(knownAddress
      ? []
      : [{ key: `sign-in:account:${account}`, limit: 20, windowSeconds: fifteenMinutes }]),
  ];
}

export const knownAddressKey = (username: string, ip: string) =>
  `sign-in:known:${keyOf(username)}:${keyOf(ip)}`;
const knownAddressSeconds = 90 * 24 * 3600;

export const wrongCredentials = () =>
  new AppError(401, 'WRONG_CREDENTIALS', 'Email address or password is wrong.');

/**
 * The account whose email address and password these are. Throws a 429 (TOO_MANY_ATTEMPTS) once
 * the attempts are over a limit, a 401 (WRONG_CREDENTIALS) when either is wrong, and, once the
 * password is right, a 409 (ACCOUNT_DELETION_PENDING) for an account waiting to be deleted, so that
 * its owner can restore it. A right password hands its attempt back and marks the address known.
 * The second step of two-factor sign-in is the caller's.
 */
export async function checkPassword(
  request: FastifyRequest,
  { limiter, accounts }: { limiter: AttemptLimiter; accounts: AccountRepository },
  typedUsername: string,
  password: string,
): Promise<UserRow> {
  const username = normaliseUsername(typedUsername);
  const known = await limiter.remembers(knownAddressKey(username, request.ip));
  const rules = signInRules(username, request.ip, known);
  try {
    await limiter.reserve(rules, 'failed sign-ins');
  } catch (error) {
    const limited = await accounts.byUsername(username);
    securityEvent(request, 'sign_in.limited', { userId: limited?.id ?? null });
    throw error;
  }
  const account = await accounts.byUsername(username);
  const matches = await verifyPassword(account?.passwordHash ?? null, password);
  if (!account || !matches) {
    securityEvent(request, 'sign_in.failed', {
      userId: account?.id ?? null,
      reason: account ? 'wrong password' : 'no such account',
    });
    throw wrongCredentials();
  }
  await limiter.refund(rules);
  await limiter.clear([rules[0]!.key]);
  await limiter.remember(knownAddressKey(username, request.ip), knownAddressSeconds);
  // The password was right: say that the account waits to be deleted, so that the person can
  // restore it (POST /api/v1/account/restore), before any second step.
  if (account.deletionRequestedAt) {
    securityEvent(request, 'sign_in.deletion_pending', { userId: account.id });
    throw deletionPending(account.purgeAfter);
  }
  return account;
}
