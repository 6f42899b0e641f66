// Deleting one's own account and restoring it during the grace period, and the privacy contact
// the policy names (docs/decisions/0032-account-deletion.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  accountDeletionPaths,
  accountDeletionRequest,
  accountDeletionResponse,
  accountRestoreRequest,
  loginResponse,
  privacyContactResponse,
} from '@vitalia/api/identity.contract';
import { currentUser, unauthorized } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository, normaliseUsername } from './account.repository.ts';
import { utcDayAndTime } from '../../lib/utc-time.ts';
import { lastAdmin, type AccountDeletionService } from './account-deletion.service.ts';
import { reserveUnknownDevice, wrongCredentials } from './password-sign-in.ts';
import type { IdentityServices } from './identity.services.ts';
import { verifyPassword } from './password.service.ts';
import { sessionOrigin } from './session.service.ts';

const fifteenMinutes = 15 * 60;
const secured = [{ bearerAuth: [] }];

export interface AccountDeletionOptions extends IdentityServices {
  deletion: AccountDeletionService;
  privacyContact: string;
  /** The grace between asking and the purge, which the web states in its own words. */
  graceSeconds: number;
  clock: () => Date;
}

const codeNeeded = () =>
  badRequest(
    fieldProblem(
      'code',
      'is needed: two-factor sign-in is on. Enter the code from your authenticator app, or a recovery code.',
      { code: 'CODE_REQUIRED' },
    ),
  );
const wrongCode = () =>
  badRequest(
    fieldProblem('code', 'is not a current code or an unused recovery code.', {
      code: 'WRONG_CODE',
    }),
  );

export const accountDeletionRoutes: FastifyPluginAsyncZod<AccountDeletionOptions> = async (
  app,
  options,
) => {
  const { deletion, sessions, twoFactor, clock } = options;
  const accounts = new AccountRepository(app.database.db);
  const limiter = app.attemptLimiter;

  app.post(
    accountDeletionPaths.deletion,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'requestAccountDeletion',
        summary: 'Delete the signed-in account after a grace period',
        description:
          'Needs the password (and a two-factor code when it is on); an account without a password types its sign-in email address as `email`. Every session ends and shares and links end at once; the account and its data are deleted at `deleteAfter` (7 days), until when signing in offers to restore it. Orders are kept with the name, email, phone and address replaced. The only administrator cannot delete their account (409 LAST_ADMIN).',
        security: secured,
        body: accountDeletionRequest,
        response: {
          202: accountDeletionResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rules = [
        { key: `account-deletion:account:${user.id}`, limit: 5, windowSeconds: fifteenMinutes },
      ];
      await limiter.reserve(rules, 'wrong passwords or codes');
      const account = await accounts.byId(user.id);
      if (!account) throw unauthorized();
      const { password, code, email } = request.body;
      if (account.passwordHash) {
        if (!password) {
          throw badRequest(
            fieldProblem('password', 'is needed to delete your account.', {
              code: 'PASSWORD_REQUIRED',
            }),
          );
        }
        if (!(await verifyPassword(account.passwordHash, password))) {
          securityEvent(request, 'account_deletion.failed', {
            userId: account.id,
            reason: 'wrong password',
          });
          throw badRequest(
            fieldProblem('password', 'is not your current password.', { code: 'WRONG_PASSWORD' }),
          );
        }
      } else if (normaliseUsername(email ?? '') !== account.username) {
        // No password to type: the address, typed out in full, shows it is meant.
        throw badRequest(
          fieldProblem('email', 'must be the email address you sign in with, typed out in full.', {
            code: 'EMAIL_MISMATCH',
          }),
        );
      }
      if (account.totpEnabledAt) {
        if (!code) throw codeNeeded();
        if ((await twoFactor.checkSecondFactor(account.id, code)) !== 'accepted') {
          securityEvent(request, 'account_deletion.failed', {
            userId: account.id,
            reason: 'wrong code',
          });
          throw wrongCode();
        }
      }
      await limiter.refund(rules);
      const outcome = await deletion.request(account.id, clock());
      if (outcome.outcome === 'last-admin') throw lastAdmin();
      securityEvent(request, 'account_deletion.requested', {
        userId: account.id,
        purgeAfter: outcome.purgeAfter.toISOString(),
      });
      return reply.code(202).send({
        deleteAfter: outcome.purgeAfter.toISOString(),
        message: `Your account will be deleted on ${utcDayAndTime(outcome.purgeAfter)}. You have been signed out everywhere; sign in before then to restore it.`,
      });
    },
  );

  app.post(
    accountDeletionPaths.restore,
    {
      schema: {
        tags: ['identity'],
        operationId: 'restoreAccount',
        summary: 'Restore an account waiting to be deleted, and sign in',
        description:
          "Takes the credentials sign-in takes, and the two-factor code when it is on (400 CODE_REQUIRED without it). Sign-in answers 409 ACCOUNT_DELETION_PENDING for such an account; this call clears the deletion and answers the sign-in's tokens. An account that signs in only with LinkedIn sets a password with 'Forgot your password?' first. Failures are limited and counted as sign-in's from a device it has not signed in on (429 with Retry-After).",
        security: [],
        body: accountRestoreRequest,
        response: {
          200: loginResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const username = normaliseUsername(request.body.Username);
      // No device cookie reaches this call (its path is the login call's): limited as sign-in from
      // an unknown device is (docs/decisions/0009-passwords-and-attempt-limits.md).
      const handBack = await reserveUnknownDevice(limiter, username, request.ip, clock());
      const account = await accounts.byUsername(username);
      if (!account || !(await verifyPassword(account.passwordHash, request.body.password))) {
        securityEvent(request, 'account_restore.failed', { userId: account?.id ?? null });
        throw wrongCredentials();
      }
      await handBack();
      if (!account.deletionRequestedAt) {
        throw new AppError(
          409,
          'NOT_PENDING_DELETION',
          'This account is not waiting to be deleted: sign in as usual.',
        );
      }
      if (account.totpEnabledAt) {
        const code = request.body.code;
        if (!code) throw codeNeeded();
        const codeRules = [
          { key: `two-factor:sign-in:${account.id}`, limit: 10, windowSeconds: fifteenMinutes },
        ];
        await limiter.reserve(codeRules, 'wrong codes');
        if ((await twoFactor.checkSecondFactor(account.id, code)) !== 'accepted') throw wrongCode();
        await limiter.refund(codeRules);
      }
      await deletion.restore(account.id, clock());
      const tokens = await sessions.start(account, sessionOrigin(request));
      securityEvent(request, 'account_deletion.restored', { userId: account.id });
      return { token: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
  );

  app.get(
    accountDeletionPaths.privacyContact,
    {
      schema: {
        tags: ['identity'],
        operationId: 'getPrivacyContact',
        summary:
          'Who to write to about personal data, and how long a deleted account can be restored (the privacy policy and the deletion dialog state both)',
        security: [],
        response: { 200: privacyContactResponse },
      },
    },
    async () => ({
      contact: options.privacyContact,
      deletionGraceSeconds: options.graceSeconds,
    }),
  );
};
