// Two-factor sign-in: switching it on and off from the account pages, and the second step of a
// sign-in (docs/decisions/0010-mail-links-and-two-factor.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  identityPaths,
  loginResponse,
  tokenVerifyRequest,
  totpDisableRequest,
  totpEnableRequest,
  totpEnableResponse,
  totpSetupRequest,
  totpSetupResponse,
} from '@vitalia/api/identity.contract';
import { currentUser, unauthorized } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository, normaliseUsername, type UserRow } from './account.repository.ts';
import type { IdentityServices } from './identity.services.ts';
import { verifyPassword } from './password.service.ts';
import { challengeLifetimeMs } from './two-factor.service.ts';
import { sessionOrigin } from './session.service.ts';
import { tellOwner } from './account-change.ts';

const challengeCookie = 'vitalia_mfa';

/** The password step's secret, for the verify call only: HttpOnly, SameSite, short-lived. */
export function setChallengeCookie(reply: FastifyReply, secret: string, secure: boolean): void {
  reply.setCookie(challengeCookie, secret, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: identityPaths.tokenVerify,
    maxAge: challengeLifetimeMs / 1000,
  });
}

const tokenNotValid = () => new AppError(401, 'TOKEN_NOT_VALID', 'Token not Valid');

const fifteenMinutes = 15 * 60;
const secured = [{ bearerAuth: [] }];

export const twoFactorRoutes: FastifyPluginAsyncZod<IdentityServices> = async (app, services) => {
  const { twoFactor, sessions } = services;
  const accounts = new AccountRepository(app.database.db);
  const limiter = app.attemptLimiter;

  /** The signed-in account, after its password is typed again (changing 2FA needs it). */
  async function confirmPassword(request: FastifyRequest, password: string): Promise<UserRow> {
    const user = currentUser(request);
    const rules = [
      { key: `two-factor:account:${user.id}`, limit: 5, windowSeconds: fifteenMinutes },
    ];
    await limiter.reserve(rules, 'wrong passwords or codes');
    const account = await accounts.byId(user.id);
    if (!account) throw unauthorized();
    if (!(await verifyPassword(account.passwordHash, password))) {
      throw badRequest(
        fieldProblem('password', 'is not your current password.', { code: 'WRONG_PASSWORD' }),
      );
    }
    await limiter.refund(rules);
    return account;
  }

  app.post(
    identityPaths.totpSetup,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['two-factor'],
        operationId: 'startTwoFactorSetup',
        summary: 'Start switching on two-factor sign-in: a new key and its QR code',
        description:
          'Needs the password again. The key takes effect once a code from it is confirmed with /enable.',
        security: secured,
        body: totpSetupRequest,
        response: {
          200: totpSetupResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const account = await confirmPassword(request, request.body.password);
      if (account.totpEnabledAt) {
        throw new AppError(
          409,
          'TWO_FACTOR_ON',
          'Two-factor sign-in is already on; switch it off first.',
        );
      }
      return twoFactor.setup(account.id, account.username);
    },
  );

  app.post(
    identityPaths.totpEnable,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['two-factor'],
        operationId: 'enableTwoFactor',
        summary: 'Confirm the new key with a code; answers ten recovery codes, shown once',
        security: secured,
        body: totpEnableRequest,
        response: {
          200: totpEnableResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rules = [
        { key: `two-factor:account:${user.id}`, limit: 5, windowSeconds: fifteenMinutes },
      ];
      await limiter.reserve(rules, 'wrong passwords or codes');
      const recoveryCodes = await twoFactor.enable(user.id, request.body.code);
      if (!recoveryCodes) {
        throw badRequest(
          fieldProblem(
            'code',
            'does not match; check the time on your phone, or start again to get a new QR code.',
            { code: 'WRONG_CODE' },
          ),
        );
      }
      await limiter.refund(rules);
      securityEvent(request, 'two_factor.enabled', { userId: user.id });
      await tellOwner(services, request, user.username, 'two-factor on');
      return { recoveryCodes };
    },
  );

  app.post(
    identityPaths.totpDisable,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['two-factor'],
        operationId: 'disableTwoFactor',
        summary: 'Switch two-factor sign-in off (password and a code or recovery code)',
        security: secured,
        body: totpDisableRequest,
        response: {
          204: z.null(),
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const account = await confirmPassword(request, request.body.password);
      if (!account.totpEnabledAt) {
        throw new AppError(409, 'TWO_FACTOR_OFF', 'Two-factor sign-in is already off.');
      }
      if ((await twoFactor.checkSecondFactor(account.id, request.body.code)) !== 'accepted') {
        await limiter.countAttempt([
          { key: `two-factor:account:${account.id}`, limit: 5, windowSeconds: fifteenMinutes },
        ]);
        throw badRequest(
          fieldProblem('code', 'is not a current code or an unused recovery code.', {
            code: 'WRONG_CODE',
          }),
        );
      }
      await twoFactor.disable(account.id);
      securityEvent(request, 'two_factor.disabled', { userId: account.id });
      await tellOwner(services, request, account.username, 'two-factor off');
      return reply.code(204).send(null);
    },
  );

  app.post(
    identityPaths.tokenVerify,
    {
      schema: {
        tags: ['two-factor'],
        operationId: 'verifySignInCode',
        summary: 'The second step of a sign-in: the code, or a recovery code',
        description:
          "Bound to the password step by the HttpOnly cookie that login set when it answered '2FA': at most 5 tries and 5 minutes per sign-in. Anything wrong answers 401 'Token not Valid'; more than 10 wrong codes for one account (or 50 from one address) in 15 minutes answer 429.",
        security: [],
        body: tokenVerifyRequest,
        response: {
          200: loginResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const secret = request.cookies[challengeCookie];
      if (!secret) throw tokenNotValid();
      const userId = await twoFactor.attemptChallenge(secret);
      const account = userId ? await accounts.byId(userId) : undefined;
      if (!account || account.username !== normaliseUsername(request.body.Username)) {
        securityEvent(request, 'two_factor.failed', {
          userId,
          reason: 'no open challenge for this account',
        });
        throw tokenNotValid();
      }
      // Each sign-in's challenge allows 5 tries, but whoever knows the password can open new
      // challenges at will; these rules bound the guesses at codes across all of them.
      const rules = [
        { key: `two-factor:sign-in:${account.id}`, limit: 10, windowSeconds: fifteenMinutes },
        { key: `two-factor:address:${request.ip}`, limit: 50, windowSeconds: fifteenMinutes },
      ];
      try {
        await limiter.reserve(rules, 'wrong codes');
      } catch (error) {
        securityEvent(request, 'two_factor.limited', { userId: account.id });
        throw error;
      }
      if ((await twoFactor.checkSecondFactor(account.id, request.body.Token)) !== 'accepted') {
        securityEvent(request, 'two_factor.failed', { userId: account.id, reason: 'wrong code' });
        throw tokenNotValid();
      }
      await limiter.refund(rules);
      if (!(await twoFactor.consumeChallenge(secret))) throw tokenNotValid();
      if (!/^\d{6}$/.test(request.body.Token.trim())) {
        await tellOwner(services, request, account.username, 'recovery code used');
      }
      reply.clearCookie(challengeCookie, { path: identityPaths.tokenVerify });
      // Both steps passed: now the browser is a device of the account's (sign-in-devices.ts).
      await services.devices.keepAfterSecondStep(request, reply, account, services.secureCookies);
      const tokens = await sessions.start(account, sessionOrigin(request));
      securityEvent(request, 'sign_in.succeeded', {
        userId: account.id,
        role: account.role,
        secondStep: true,
      });
      return { token: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
  );
};
