// The identity calls the spec's client makes (packages/api/src/identity.contract.ts): sign in, sign out, profile, picture, password
// change and the administrators' list of third-party users.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  identityPaths,
  loginRequest,
  loginResponse,
  logoutRequest,
  passwordChangeRequest,
  profilePicturePrefix,
  profileResponse,
  profileUpdateRequest,
  thirdPartyUserCountResponse,
  thirdPartyUsersResponse,
  tokenPairResponse,
  twoFactorMarker,
} from '@vitalia/api/identity.contract';
import { currentUser, unauthorized } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { imageUploadErrors, readImageUpload } from '../../lib/image-upload.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository, toProfile } from './account.repository.ts';
import {
  currentPasswordAttempts,
  hashPassword,
  passwordWeakness,
  verifyPassword,
} from './password.service.ts';
import { pictureLimits, pictureRules, reencodePicture } from './profile-picture.ts';
import { checkPassword, deviceCookies } from './password-sign-in.ts';
import type { IdentityServices } from './identity.services.ts';
import { setChallengeCookie } from './two-factor.routes.ts';
import { sessionOrigin } from './session.service.ts';
import { tellOwner } from './account-change.ts';

const secured = [{ bearerAuth: [] }];

export const identityRoutes: FastifyPluginAsyncZod<IdentityServices> = async (app, services) => {
  const { sessions, pictures, twoFactor } = services;
  const accounts = new AccountRepository(app.database.db);
  const limiter = app.attemptLimiter;

  await app.register(fastifyMultipart, {
    limits: { fileSize: pictureLimits.bytes, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    identityPaths.login,
    {
      schema: {
        tags: ['identity'],
        operationId: 'signIn',
        summary: 'Sign in with an email address and password',
        description:
          "Answers an access token and a refresh token. With two-factor sign-in on, `token` is '2FA' and the code goes to /api/v1/identity/token/verify. An account waiting to be deleted answers 409 ACCOUNT_DELETION_PENDING once the password is right; POST /api/v1/account/restore restores it and signs in. A right password also sets a device cookie (`vitalia_device_…`: HttpOnly, SameSite=Strict, Path=/api/v1/identity/login, 180 days, Secure on https) that the browser sends back on its next sign-ins. With it, failures count for that device alone: 10 in 15 minutes, then 429 for that device only, so nobody else's guesses keep its owner out. Without a valid one, 5 failures per account and address and 100 per address in 15 minutes answer 429 for the window, and after 10 failures for the account from such devices in 24 hours each attempt waits 1 s, 2 s, 4 s… up to 10 minutes after the one before: 429 TOO_MANY_ATTEMPTS with Retry-After in seconds and a message that says how long, and that a device signed in on before, or a password reset, still works.",
        security: [],
        body: loginRequest,
        response: {
          200: loginResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const account = await checkPassword(
        request,
        { limiter, accounts, clock: services.clock },
        request.body.Username,
        request.body.password,
        deviceCookies(services.devices, request, reply, services.secureCookies),
      );
      if (account.totpEnabledAt) {
        setChallengeCookie(
          reply,
          await twoFactor.openChallenge(account.id),
          services.secureCookies,
        );
        securityEvent(request, 'sign_in.second_step', { userId: account.id });
        return { token: twoFactorMarker, refreshToken: '' };
      }
      const tokens = await sessions.start(account, sessionOrigin(request));
      securityEvent(request, 'sign_in.succeeded', { userId: account.id, role: account.role });
      return { token: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
  );

  app.post(
    identityPaths.logout,
    {
      schema: {
        tags: ['identity'],
        operationId: 'signOut',
        summary: 'Sign out: revoke the session of a refresh token',
        description:
          'The refresh token is the credential, so a person whose access token has expired can still sign out. Answers 204 whether or not the token was known.',
        security: [],
        body: logoutRequest,
        response: { 204: z.null(), 400: errorResponse },
      },
    },
    async (request, reply) => {
      const userId = await sessions.endByRefreshToken(request.body.refreshToken);
      if (userId) securityEvent(request, 'session.ended', { userId });
      return reply.code(204).send(null);
    },
  );

  app.get(
    identityPaths.profile,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'getProfile',
        summary: "The signed-in person's profile",
        security: secured,
        response: { 200: profileResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const account = await accounts.byId(currentUser(request).id);
      if (!account) throw unauthorized();
      return toProfile(account);
    },
  );

  app.put(
    identityPaths.profile,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'updateProfile',
        summary: "Change the signed-in person's profile",
        description: 'Fields left out keep their saved value; null clears one.',
        security: secured,
        body: profileUpdateRequest,
        response: { 200: profileResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const account = await accounts.updateProfile(currentUser(request).id, request.body);
      if (!account) throw unauthorized();
      return toProfile(account);
    },
  );

  app.post(
    identityPaths.profilePicture,
    {
      preHandler: app.authenticate,
      bodyLimit: pictureLimits.bytes + 64 * 1024,
      schema: {
        tags: ['identity'],
        operationId: 'uploadProfilePicture',
        summary: 'Upload a profile picture (multipart field `file`)',
        description:
          'JPEG, PNG or WebP, at most 2 MB and 40 megapixels, each side at most 10,000 px and neither more than 20 times the other. The server re-encodes it as a 512 px WebP without metadata.',
        security: secured,
        consumes: ['multipart/form-data'],
        response: {
          200: profileResponse,
          ...imageUploadErrors,
        },
      },
    },
    async (request) => {
      const upload = await readImageUpload(request, pictureRules);
      const picture = await reencodePicture(upload);
      await pictures.put(picture.name, picture.content);
      const { previous, row } = await accounts.setPicture(currentUser(request).id, picture.name);
      if (previous) await pictures.remove(previous);
      return toProfile(row);
    },
  );

  app.get(
    `${profilePicturePrefix}:name`,
    {
      schema: {
        tags: ['identity'],
        operationId: 'getProfilePicture',
        summary: 'A profile picture, by the name the profile gives',
        security: [],
        params: z.object({ name: z.string().max(128) }),
        response: {
          200: {
            description: 'The picture, as WebP',
            content: { 'image/webp': { schema: z.any() } },
          },
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const content = await pictures.get(request.params.name);
      if (!content) throw new AppError(404, 'NOT_FOUND', 'There is no such picture.');
      // Names are never reused, so a picture can be cached for good.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(content);
    },
  );

  app.put(
    identityPaths.passwordChange,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'changePassword',
        summary: 'Change the password; every other session ends',
        security: secured,
        body: passwordChangeRequest,
        response: {
          200: tokenPairResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rules = currentPasswordAttempts(user.id);
      await limiter.reserve(rules, 'wrong current passwords');
      const account = await accounts.byId(user.id);
      if (!account) throw unauthorized();
      const { oldPassword, newPassword } = request.body;
      if (!(await verifyPassword(account.passwordHash, oldPassword))) {
        securityEvent(request, 'password.change_failed', { userId: user.id });
        // Not 401: the session is fine, only the password typed is wrong.
        throw badRequest(
          fieldProblem('oldPassword', 'is not your current password.', { code: 'WRONG_PASSWORD' }),
        );
      }
      await limiter.refund(rules);
      if (newPassword === oldPassword) {
        throw badRequest(
          fieldProblem('newPassword', 'must differ from your current password.', {
            code: 'SAME_PASSWORD',
          }),
        );
      }
      const weakness = passwordWeakness(newPassword, account.username);
      if (weakness)
        throw badRequest(fieldProblem('newPassword', `${weakness}.`, { code: 'WEAK_PASSWORD' }));
      await accounts.setPasswordHash(account.id, await hashPassword(newPassword));
      await sessions.revokeAll(account.id, 'password changed');
      const tokens = await sessions.start(account, sessionOrigin(request));
      await limiter.clear(rules.map((rule) => rule.key));
      securityEvent(request, 'password.changed', { userId: account.id });
      await tellOwner(services, request, account.username, 'password changed');
      return { Token: tokens.accessToken, RefreshToken: tokens.refreshToken };
    },
  );

  app.get(
    identityPaths.thirdPartyUsers,
    {
      preHandler: app.requireRole('ADMIN'),
      schema: {
        tags: ['identity'],
        operationId: 'listThirdPartyUsers',
        summary: 'Accounts made through a social provider (administrators)',
        security: secured,
        response: { 200: thirdPartyUsersResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async () => {
      const rows = await accounts.thirdPartyUsers();
      return rows.map((row) => ({
        userID: row.id,
        username: row.username,
        provider: row.socialProvider ?? '',
        firstName: row.firstName,
        lastName: row.lastName,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    identityPaths.thirdPartyUserCount,
    {
      preHandler: app.requireRole('ADMIN'),
      schema: {
        tags: ['identity'],
        operationId: 'countThirdPartyUsers',
        summary: 'How many accounts were made through a social provider (administrators)',
        security: secured,
        response: { 200: thirdPartyUserCountResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async () => ({ count: await accounts.thirdPartyUserCount() }),
  );
};
