// Email verification and forgotten passwords (docs/decisions/0010-mail-links-and-two-factor.md).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  acceptedResponse,
  emailVerifyRequest,
  emailVerifyResponse,
  identityPaths,
  initiateResetRequest,
  passwordResetRequest,
  tokenPairResponse,
  twoFactorMarker,
} from '@vitalia/api/identity.contract';
import { keyOf } from '../../lib/attempt-limiter.ts';
import { currentUser, unauthorized } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository, normaliseUsername } from './account.repository.ts';
import type { IdentityServices } from './identity.services.ts';
import { hashPassword, passwordWeakness } from './password.service.ts';
import { setChallengeCookie } from './two-factor.routes.ts';
import { sessionOrigin } from './session.service.ts';
import { tellOwner } from './account-change.ts';
import { whileLinkWorks } from './email-links.service.ts';

const hour = 3600;

export const accountRecoveryRoutes: FastifyPluginAsyncZod<IdentityServices> = async (
  app,
  services,
) => {
  const { links, mailer, sessions, twoFactor } = services;
  const accounts = new AccountRepository(app.database.db);
  const limiter = app.attemptLimiter;

  app.post(
    identityPaths.emailVerify,
    {
      schema: {
        tags: ['identity'],
        operationId: 'verifyEmail',
        summary: 'Confirm an email address with the token from the verification mail',
        description: 'Needs no session: the link may be opened on another device.',
        security: [],
        body: emailVerifyRequest,
        response: { 200: emailVerifyResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const rules = [{ key: `verify-email:address:${request.ip}`, limit: 30, windowSeconds: hour }];
      await limiter.assertAllowed(rules, 'attempts with verification links');
      const userId = await links.consume(request.body.token, 'verify_email');
      if (!userId) {
        await limiter.countAttempt(rules);
        throw badRequest(
          'This verification link is not valid: it has expired or been used. Sign in and ask for a new one.',
        );
      }
      const before = await accounts.byId(userId);
      const account = await accounts.markEmailVerified(userId);
      if (!account) throw badRequest('This verification link is not valid.');
      if (before && !before.emailVerifiedAt) {
        await disconnectProviders(request, account.id, account.username, 'email confirmed');
      }
      return { verified: true as const, username: account.username };
    },
  );

  app.post(
    identityPaths.emailVerifyResend,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'resendVerificationEmail',
        summary: 'Send the verification mail again',
        security: [{ bearerAuth: [] }],
        response: {
          202: acceptedResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const account = await accounts.byId(user.id);
      if (!account) throw unauthorized();
      if (account.emailVerifiedAt) {
        throw new AppError(409, 'ALREADY_VERIFIED', 'Your email address is already confirmed.');
      }
      const rules = [{ key: `verify-email:resend:${user.id}`, limit: 3, windowSeconds: hour }];
      await limiter.assertAllowed(rules, 'verification mails');
      await limiter.countAttempt(rules);
      const token = await links.issue(account.id, 'verify_email');
      await mailer.send({
        to: account.username,
        template: 'verify-email',
        values: { token, usefulUntil: whileLinkWorks('verify_email') },
      });
      return reply.code(202).send({ message: `We have sent a new link to ${account.username}.` });
    },
  );

  /**
   * Proving the address (a reset through its mail, or confirming it) ends every provider linked
   * before: whoever linked one may not have owned the address. The owner is told by mail.
   */
  async function disconnectProviders(
    request: FastifyRequest,
    userId: string,
    username: string,
    because: 'password reset' | 'email confirmed',
  ): Promise<void> {
    const removed = await accounts.unlinkAllSocial(userId);
    if (removed.length === 0) return;
    securityEvent(request, 'social.unlinked', { userId, providers: removed, reason: because });
    await mailer.send({
      to: username,
      template: 'providers-removed',
      values: { providers: removed, because },
    });
  }

  async function sendResetLink(username: string): Promise<void> {
    const accountRules = [
      { key: `reset:account:${keyOf(username)}`, limit: 3, windowSeconds: hour },
    ];
    // Over the account's own limit nothing more is sent, and the answer never said either way.
    // The check and the count are one statement: requests for one account arrive together.
    if (!(await limiter.take(accountRules))) return;
    const account = await accounts.byUsername(username);
    if (!account) return;
    const token = await links.issue(account.id, 'reset_password');
    await mailer.send({
      to: account.username,
      template: 'reset-password',
      values: { token, usefulUntil: whileLinkWorks('reset_password') },
    });
  }

  app.post(
    identityPaths.passwordInitiateReset,
    {
      schema: {
        tags: ['identity'],
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link',
        description:
          'Answers the same, in about the same time, whether or not the account exists, so it cannot be used to learn who has an account.',
        security: [],
        body: initiateResetRequest,
        response: { 202: acceptedResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const username = normaliseUsername(request.body.Username);
      const addressRules = [{ key: `reset:address:${request.ip}`, limit: 10, windowSeconds: hour }];
      await limiter.assertAllowed(addressRules, 'password reset requests');
      await limiter.countAttempt(addressRules);
      // The answer goes out before the account is even looked up, so its timing cannot tell
      // whether the account exists; the rest happens in the background.
      const log = request.log;
      setImmediate(() => {
        sendResetLink(username).catch((error: unknown) => {
          log.error({ err: error }, 'password reset link could not be prepared');
        });
      });
      return reply.code(202).send({
        message: `If ${username} has a Vitalia account, a link to reset its password is on its way. It works for 30 minutes.`,
      });
    },
  );

  app.post(
    identityPaths.passwordReset,
    {
      schema: {
        tags: ['identity'],
        operationId: 'resetPassword',
        summary: 'Set a new password with the token from the reset mail; signs in',
        description:
          "Every other session ends, and so do the device cookies issued under the old password. With two-factor sign-in on, Token is '2FA' and the code goes to /api/v1/identity/token/verify, as after login. Sets a device cookie, as a right password at login does.",
        security: [],
        body: passwordResetRequest,
        response: {
          200: tokenPairResponse,
          400: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const rules = [{ key: `reset-use:address:${request.ip}`, limit: 20, windowSeconds: 15 * 60 }];
      await limiter.assertAllowed(rules, 'attempts with reset links');
      const { Username, NewPasword, Token } = request.body;
      // The password is judged the same whether or not the account exists, so that this answer
      // cannot tell a stranger which addresses have an account.
      const weakness = passwordWeakness(NewPasword, normaliseUsername(Username));
      if (weakness)
        throw badRequest(fieldProblem('NewPasword', `${weakness}.`, { code: 'WEAK_PASSWORD' }));
      const account = await accounts.byUsername(Username);
      const userId = account ? await links.consume(Token, 'reset_password', account.id) : undefined;
      if (!account || !userId) {
        await limiter.countAttempt(rules);
        throw badRequest(
          'This reset link is not valid: it has expired, been used, or belongs to another address. Ask for a new one.',
        );
      }
      const passwordHash = await hashPassword(NewPasword);
      await accounts.setPasswordHash(account.id, passwordHash);
      await disconnectProviders(request, account.id, account.username, 'password reset');
      // Whoever could read the mail has now proved it too.
      if (!account.emailVerifiedAt) await accounts.markEmailVerified(account.id);
      await sessions.revokeAll(account.id, 'password reset');
      securityEvent(request, 'password.reset', { userId: account.id });
      await tellOwner(services, request, account.username, 'password reset');
      // The browser that reset the password is one its owner uses: sign-ins from it are never
      // held by others' guesses (docs/decisions/0009-passwords-and-attempt-limits.md).
      await services.devices.remember(
        reply,
        { id: account.id, passwordHash },
        undefined,
        services.secureCookies,
      );
      if (account.totpEnabledAt) {
        setChallengeCookie(
          reply,
          await twoFactor.openChallenge(account.id),
          services.secureCookies,
        );
        return { Token: twoFactorMarker, RefreshToken: '' };
      }
      const tokens = await sessions.start(account, sessionOrigin(request));
      return { Token: tokens.accessToken, RefreshToken: tokens.refreshToken };
    },
  );
};
