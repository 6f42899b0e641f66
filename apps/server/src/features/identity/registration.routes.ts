// Registering: an address, then the link mailed to it opens a page where the password is chosen,
// which makes the account and signs it in (docs/decisions/0051-registration-confirmed-by-mail.md).
// The first call answers the same whether or not the address has an account; only its mailbox
// learns which, and only its mailbox chooses the password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  identityPaths,
  registerConfirmRequest,
  registerConfirmResponse,
  registerRequest,
  registerResponse,
} from '@vitalia/api/identity.contract';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository, normaliseUsername } from './account.repository.ts';
import { hashPassword, passwordWeakness } from './password.service.ts';
import type { IdentityServices } from './identity.services.ts';
import { RegistrationService, registrationLinkLifetimeMs } from './registration.service.ts';
import { hashToken, sessionOrigin } from './session.service.ts';

const hour = 3600;
const day = 24 * hour;

export const registrationRoutes: FastifyPluginAsyncZod<IdentityServices> = async (
  app,
  { sessions, mailer, clock },
) => {
  const accounts = new AccountRepository(app.database.db);
  const registrations = new RegistrationService(app.database.db, clock);
  const limiter = app.attemptLimiter;

  app.post(
    identityPaths.register,
    {
      schema: {
        tags: ['identity'],
        operationId: 'register',
        summary: 'Ask for an account (always role USER): a link to finish is mailed to the address',
        description:
          'Answers 202 with the same body whether or not the address already has an account. A new address gets a mail whose link leads to a page where the password is chosen (POST /api/v1/identity/register/confirm with the token and the password), which makes the account and signs it in; each link works once, for 24 hours, and asking again sends another without stopping the earlier ones. A Password sent here is not used. The owner of an address that has an account is told by mail that someone tried, at most once a day. At most 5 mails a day to one address; at most 20 attempts an hour from one network address (429 with Retry-After).',
        security: [],
        body: registerRequest,
        response: { 202: registerResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const rules = [{ key: `register:address:${request.ip}`, limit: 20, windowSeconds: hour }];
      await limiter.assertAllowed(rules, 'new accounts from this address');
      const username = normaliseUsername(request.body.Username);
      // Counted whether or not it worked: creating accounts is what the limit is about.
      await limiter.countAttempt(rules);
      const linkWorksUntil = new Date(clock().getTime() + registrationLinkLifetimeMs);
      const existing = await accounts.byUsername(username);
      if (existing) {
        // Taken: the owner is told, with the purge date when the account is waiting to be
        // deleted, at most once a day so that trying an address cannot fill its mailbox
        // (docs/decisions/0009-passwords-and-attempt-limits.md).
        const told = await limiter.take([
          { key: `register:owner-told:${existing.id}`, limit: 1, windowSeconds: day },
        ]);
        if (told) {
          await mailer.send({
            to: existing.username,
            template: 'registration-tried',
            values: {
              at: clock(),
              deletionOn: existing.deletionRequestedAt ? (existing.purgeAfter ?? null) : null,
            },
          });
        }
        securityEvent(request, 'account.register_taken', { userId: existing.id });
      } else if (
        await limiter.take([
          { key: `register:mail:${hashToken(username)}`, limit: 5, windowSeconds: day },
        ])
      ) {
        const { token, until } = await registrations.hold(username);
        await mailer.send({
          to: username,
          template: 'confirm-registration',
          values: { token, usefulUntil: until },
        });
        securityEvent(request, 'account.register_held', {});
      }
      return reply.code(202).send({
        username,
        status: 'confirmation-sent' as const,
        linkWorksUntil: linkWorksUntil.toISOString(),
      });
    },
  );

  app.post(
    identityPaths.registerConfirm,
    {
      schema: {
        tags: ['identity'],
        operationId: 'confirmRegistration',
        summary:
          'Finish registering: the token from the mailed link and the chosen password; signs in',
        description:
          'Makes the account with this password (its address confirmed) and answers its first session. A weak password answers 400 WEAK_PASSWORD and leaves the link working. A link works once, for 24 hours; an unknown, used or expired one answers 400 REGISTRATION_LINK_INVALID. When the address got an account in the meantime, 409 USERNAME_TAKEN. At most 30 failed links an hour from one network address.',
        security: [],
        body: registerConfirmRequest,
        response: {
          201: registerConfirmResponse,
          400: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const rules = [
        { key: `register-confirm:address:${request.ip}`, limit: 30, windowSeconds: hour },
      ];
      await limiter.assertAllowed(rules, 'attempts with registration links');
      const refused = async () => {
        await limiter.countAttempt(rules);
        securityEvent(request, 'account.register_link_refused', {});
        return new AppError(
          400,
          'REGISTRATION_LINK_INVALID',
          'This link does not work any more: it has been used, or it is more than a day old. If you opened it before, your account is ready: sign in. If not, register again to get a new link.',
        );
      };
      const username = await registrations.addressOf(request.body.token);
      if (!username) throw await refused();
      // Checked before the link is used up, so a refused password leaves it working.
      const weakness = passwordWeakness(request.body.Password, username);
      if (weakness)
        throw badRequest(fieldProblem('Password', `${weakness}.`, { code: 'WEAK_PASSWORD' }));
      const confirmed = await registrations.confirm(
        request.body.token,
        await hashPassword(request.body.Password),
      );
      if (confirmed.outcome === 'invalid') throw await refused();
      if (confirmed.outcome === 'taken') {
        throw new AppError(
          409,
          'USERNAME_TAKEN',
          'This email address already has an account. Sign in, or reset your password if you have forgotten it.',
        );
      }
      const { account } = confirmed;
      const tokens = await sessions.start(account, sessionOrigin(request));
      securityEvent(request, 'account.registered', { userId: account.id });
      return reply.code(201).send({
        userID: account.id,
        username: account.username,
        token: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      });
    },
  );
};
