// Checking an email address and password, shared by every way of signing in with them: the login
// call, the token endpoint's password grant (docs/decisions/0049-confidential-clients.md) and
// restoring an account waiting to be deleted. Failures are limited per device that signed in
// before, and otherwise per account and address, per address, and for the account as a whole by
// slowing down (docs/decisions/0009-passwords-and-attempt-limits.md, amendment 2026-11-29).
import { challengeLifetimeMs } from './two-factor.service.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  keyOf,
  type AttemptLimiter,
  type AttemptRule,
  type PacedRule,
} from '../../lib/attempt-limiter.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AppError } from '../../plugins/errors.ts';
import { deletionPending } from './account-deletion.service.ts';
import { normaliseUsername, type AccountRepository, type UserRow } from './account.repository.ts';
import { verifyPassword } from './password.service.ts';
import type { SignInDevices, TrustedDevice } from './sign-in-devices.ts';

const fifteenMinutes = 15 * 60;

/**
 * From a device that signed in to the account before (a valid device cookie): 10 failures per 15
 * minutes, counted for that device alone, then that device waits out the window. Nothing else
 * counts against it, so guesses from elsewhere never shut it out.
 */
export const deviceRule = (device: TrustedDevice): AttemptRule => ({
  key: `sign-in:device:${device.key}`,
  limit: 10,
  windowSeconds: fifteenMinutes,
});

/**
 * From anywhere else, refused for a window: 5 failures per account and address, and 100 per
 * address (one source trying many accounts), each per 15 minutes.
 */
export function unknownDeviceRules(username: string, ip: string): AttemptRule[] {
  const account = keyOf(username);
  return [
    { key: `sign-in:pair:${account}:${ip}`, limit: 5, windowSeconds: fifteenMinutes },
    { key: `sign-in:address:${ip}`, limit: 100, windowSeconds: fifteenMinutes },
  ];
}

/**
 * And slowed down, never shut, for the account as a whole: 10 failures from unknown devices in 24
 * hours go through at once, then each attempt waits 1 s, 2 s, 4 s... up to 10 minutes after the
 * one before. A stranger can make the owner wait at most 10 minutes on a new device, and gets
 * about 160 guesses a day instead of the 1,920 that 20 per 15 minutes allowed.
 */
export const unknownDevicePace = (username: string): PacedRule => ({
  key: `sign-in:unknown-devices:${keyOf(username)}`,
  freeAttempts: 10,
  windowSeconds: 24 * 3600,
  firstDelaySeconds: 1,
  maxDelaySeconds: 10 * 60,
});

export const wrongCredentials = () =>
  new AppError(401, 'WRONG_CREDENTIALS', 'Email address or password is wrong.');

const forgotPassword = 'reset your password with “Forgot your password?”';

function waitFor(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 of an account slowed down for unknown devices: how long, and what works meanwhile. */
export const slowedDown = (seconds: number) =>
  new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-ins to this account from devices it has not signed in on. Please wait ${waitFor(seconds)} and try again. Signing in on a device you have signed in on before still works, or you can ${forgotPassword}.`,
    { 'retry-after': String(seconds) },
  );

function deviceLocked(seconds: number): AppError {
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-ins on this device. Please wait ${waitFor(seconds)} and try again, or ${forgotPassword}.`,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Counts an attempt from an unknown device before it is judged, and throws a 429 when it is over
 * a limit. Answers what hands the attempt back once the password turns out right. An attempt the
 * account's pace turns away is not counted against the address either, so waiting for it costs
 * the owner nothing where they are.
 */
export async function reserveUnknownDevice(
  limiter: AttemptLimiter,
  username: string,
  ip: string,
  now: Date,
): Promise<() => Promise<void>> {
  const rules = unknownDeviceRules(username, ip);
  const pace = unknownDevicePace(username);
  await limiter.reserve(rules, 'failed sign-ins');
  const wait = await limiter.pace(pace, now);
  if (wait !== undefined) {
    await limiter.refund(rules);
    throw slowedDown(wait);
  }
  return async () => {
    await limiter.refund([...rules, pace]);
    await limiter.clear([rules[0]!.key]);
  };
}

async function reserveDevice(limiter: AttemptLimiter, device: TrustedDevice) {
  const rule = deviceRule(device);
  if (!(await limiter.take([rule]))) {
    throw deviceLocked((await limiter.retryAfter([rule])) ?? 1);
  }
  return () => limiter.refund([rule]);
}

/**
 * How a client shows it signed in before, and keeps the proof: the login call's device cookie,
 * or the doctors' app's `device_token` at the token endpoint.
 */
export interface DeviceProof {
  /** The device the request proves for this account, if any. */
  trusted(account: UserRow): Promise<TrustedDevice | undefined>;
  /** After the right password: hands the client its device's token, renewed or new. */
  keep(account: UserRow, device: TrustedDevice | undefined): Promise<void>;
  /**
   * After the right password of an account with two-factor sign-in: nothing is handed out before
   * the second step; a client that can carry the device there does (sign-in-devices.ts).
   */
  hold?(account: UserRow, device: TrustedDevice | undefined): void;
}

/** The login call's proof: a cookie per account, set again at each sign-in. */
export const deviceCookies = (
  devices: SignInDevices,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): DeviceProof => ({
  trusted: (account) => devices.trusted(request, account),
  keep: (account, device) => devices.remember(reply, account, device, secure),
  hold: (_account, device) =>
    devices.holdForSecondStep(reply, device, secure, challengeLifetimeMs / 1000),
});

/**
 * The account whose email address and password these are. Throws a 429 (TOO_MANY_ATTEMPTS) once
 * the attempts are over a limit, a 401 (WRONG_CREDENTIALS) when either is wrong, and, once the
 * password is right, a 409 (ACCOUNT_DELETION_PENDING) for an account waiting to be deleted, so that
 * its owner can restore it. A right password hands its attempt back and, with a `proof`, renews or
 * hands out the device's token; without one every attempt is one from an unknown device. The
 * second step of two-factor sign-in is the caller's.
 */
export async function checkPassword(
  request: FastifyRequest,
  {
    limiter,
    accounts,
    clock,
  }: { limiter: AttemptLimiter; accounts: AccountRepository; clock: () => Date },
  typedUsername: string,
  password: string,
  proof?: DeviceProof,
): Promise<UserRow> {
  const username = normaliseUsername(typedUsername);
  const account = await accounts.byUsername(username);
  const device = account && proof ? await proof.trusted(account) : undefined;
  let handBack: () => Promise<void>;
  try {
    handBack = device
      ? await reserveDevice(limiter, device)
      : await reserveUnknownDevice(limiter, username, request.ip, clock());
  } catch (error) {
    securityEvent(request, 'sign_in.limited', {
      userId: account?.id ?? null,
      device: device ? 'known' : 'unknown',
    });
    throw error;
  }
  const matches = await verifyPassword(account?.passwordHash ?? null, password);
  if (!account || !matches) {
    securityEvent(request, 'sign_in.failed', {
      userId: account?.id ?? null,
      reason: account ? 'wrong password' : 'no such account',
      device: device ? 'known' : 'unknown',
    });
    throw wrongCredentials();
  }
  await handBack();
  // The password was right: say that the account waits to be deleted, so that the person can
  // restore it (POST /api/v1/account/restore), before any second step.
  if (account.deletionRequestedAt) {
    securityEvent(request, 'sign_in.deletion_pending', { userId: account.id });
    throw deletionPending(account.purgeAfter);
  }
  // With two-factor sign-in the device is kept only once the second step is passed too.
  if (account.totpEnabledAt) proof?.hold?.(account, device);
  else if (proof) await proof.keep(account, device);
  return account;
}
