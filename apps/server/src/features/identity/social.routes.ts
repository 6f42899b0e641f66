// Social sign-in (LinkedIn, OpenID Connect): the web's redirect flow and the mobile app's
// access-token call of the spec's client (docs/decisions/0011-linkedin-sign-in.md). Accounts are found by (provider, subject); an address that
// already has a password account is never taken over by a provider saying it owns that address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  identityPaths,
  linkedinAccessQuery,
  linkedinAccessResponse,
  linkedinConnectRequest,
  linkedinConnectResponse,
  linkedinLinkRequest,
  linkedinStartQuery,
  loginResponse,
  socialLoginRequest,
  socialLinksResponse,
  socialProvidersResponse,
} from '@vitalia/api/identity.contract';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository, type UserRow } from './account.repository.ts';
import { deletionPending, restoreWithoutLinkedin } from './account-deletion.service.ts';
import type { IdentityServices } from './identity.services.ts';
import { flowLifetimeMs, SocialSignInFailed, type SocialProfile } from './linkedin.service.ts';
import { currentPasswordAttempts, verifyPassword } from './password.service.ts';
import { sessionOrigin } from './session.service.ts';
import { tellOwner } from './account-change.ts';

const flowCookie = 'vitalia_linkedin';
const flowCookiePath = '/api/v1/identity/social/linkedin';
const provider = 'linkedin' as const;

const secured = [{ bearerAuth: [] }];
/** Where a connection started from the security settings comes back to. */
const securitySettingsPath = '/account/security';

const invalidAccessToken = () => new AppError(401, 'INVALID_ACCESS_TOKEN', 'Invalid Access Token');
const notConfigured = () =>
  new AppError(404, 'SOCIAL_NOT_CONFIGURED', 'LinkedIn sign-in is not set up on this server.');

export const socialRoutes: FastifyPluginAsyncZod<IdentityServices> = async (app, services) => {
  const { linkedin, sessions } = services;
  const accounts = new AccountRepository(app.database.db);

  async function accountFor(request: FastifyRequest, profile: SocialProfile): Promise<UserRow> {
    const known = await accounts.bySocialIdentity(provider, profile.subject);
    if (known?.totpEnabledAt) {
      // LinkedIn alone would skip the second step the owner asked for.
      securityEvent(request, 'sign_in.failed', {
        userId: known.id,
        provider,
        reason: 'two-factor sign-in is on',
      });
      throw new AppError(
        403,
        'TWO_FACTOR_REQUIRED',
        'Two-factor sign-in is on for this account, so LinkedIn cannot open it on its own. Sign in with your email address, password and code.',
      );
    }
    if (known?.deletionRequestedAt) {
      securityEvent(request, 'sign_in.deletion_pending', { userId: known.id, provider });
      throw deletionPending(known.purgeAfter, restoreWithoutLinkedin);
    }
    if (known) return known;
    // Only an address the provider has verified may name an account: an unverified one could be
    // anybody's, and would pre-claim it before its owner registers.
    const username =
      profile.email && profile.emailVerified
        ? profile.email
        : `${provider}-${profile.subject}@users.vitalia.invalid`;
    const made = await accounts.insertSocial({ provider, ...profile, username });
    if (made) {
      securityEvent(request, 'account.registered', { userId: made.id, provider });
      return made;
    }
    // Two first sign-ins racing: the other one made the account.
    const raced = await accounts.bySocialIdentity(provider, profile.subject);
    if (raced) return raced;
    throw new AppError(
      409,
      'EMAIL_HAS_ACCOUNT',
      'An account with this email address already exists. Sign in with your email address and password; you can then connect LinkedIn in your security settings.',
    );
  }

  /** The sealed flow cookie of a sign-in or a connection, which binds LinkedIn's answer to it. */
  function setFlowCookie(reply: FastifyReply, cookie: string): void {
    reply.setCookie(flowCookie, cookie, {
      httpOnly: true,
      // Lax: the browser comes back from LinkedIn on a top-level navigation.
      sameSite: 'lax',
      secure: services.secureCookies,
      path: flowCookiePath,
      maxAge: flowLifetimeMs / 1000,
    });
  }

  function failed(request: FastifyRequest, error: unknown): never {
    if (error instanceof SocialSignInFailed) {
      securityEvent(request, 'sign_in.failed', { provider, reason: error.message });
      throw invalidAccessToken();
    }
    throw error;
  }

  app.get(
    identityPaths.socialProviders,
    {
      schema: {
        tags: ['identity'],
        operationId: 'listSocialProviders',
        summary: 'The social sign-ins this server offers',
        security: [],
        response: { 200: socialProvidersResponse },
      },
    },
    async () => ({ providers: linkedin ? ['linkedin' as const] : [] }),
  );

  app.get(
    identityPaths.linkedinStart,
    {
      schema: {
        tags: ['identity'],
        operationId: 'startLinkedinSignIn',
        summary: 'Start signing in with LinkedIn: redirects to LinkedIn',
        description:
          'Sets a short-lived HttpOnly cookie holding the state, nonce and PKCE verifier of this attempt; LinkedIn returns the browser to /account/social/linkedin.',
        security: [],
        querystring: linkedinStartQuery,
        response: { 302: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      if (!linkedin) throw notConfigured();
      const { url, cookie } = await linkedin.start(request.query.redirect ?? '/');
      setFlowCookie(reply, cookie);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    identityPaths.linkedinAccess,
    {
      schema: {
        tags: ['identity'],
        operationId: 'finishLinkedinSignIn',
        summary: 'Finish a LinkedIn sign-in with the code LinkedIn returned',
        description:
          "The server exchanges the code (with the PKCE verifier and its client secret) and checks the ID token. Any failure answers 401 'Invalid Access Token'.",
        security: [],
        params: z.object({ code: z.string().min(1).max(2048) }),
        querystring: linkedinAccessQuery,
        response: {
          200: linkedinAccessResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!linkedin) throw notConfigured();
      let result;
      try {
        result = await linkedin.finish(
          request.params.code,
          request.query.state,
          request.cookies[flowCookie],
          request.query.iss,
        );
      } catch (error) {
        failed(request, error);
      }
      reply.clearCookie(flowCookie, { path: flowCookiePath });
      // A connection started by a signed-in person never turns into a sign-in.
      if (result.linkFor) failed(request, new SocialSignInFailed('a connection, not a sign-in'));
      const account = await accountFor(request, result.profile);
      const tokens = await sessions.start(account, sessionOrigin(request));
      securityEvent(request, 'sign_in.succeeded', {
        userId: account.id,
        role: account.role,
        provider,
      });
      return {
        token: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        redirect: result.redirect,
      };
    },
  );

  app.post(
    identityPaths.socialLogin,
    {
      schema: {
        tags: ['identity'],
        operationId: 'signInWithLinkedinToken',
        summary: 'Sign in with a LinkedIn access token (the mobile app)',
        description:
          "The server asks LinkedIn's userinfo endpoint who the access token belongs to and checks that it is UserID. Any failure answers 401 'Invalid Access Token'.",
        security: [],
        body: socialLoginRequest,
        response: {
          200: loginResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      if (!linkedin) throw notConfigured();
      let profile;
      try {
        profile = await linkedin.profileForAccessToken(
          request.body.AccessToken,
          request.body.UserID,
        );
      } catch (error) {
        failed(request, error);
      }
      const account = await accountFor(request, profile);
      const tokens = await sessions.start(account, sessionOrigin(request));
      securityEvent(request, 'sign_in.succeeded', {
        userId: account.id,
        role: account.role,
        provider,
      });
      return { token: tokens.accessToken, refreshToken: tokens.refreshToken };
    },
  );
  // Connecting LinkedIn to an account the person is signed in to: the same redirect flow as
  // signing in (the flow cookie binds the code to this browser and its PKCE verifier), finished
  // by an authenticated call, so the provider's word never chooses the account.
  app.get(
    identityPaths.socialLinks,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'listSocialLinks',
        summary: 'The providers connected to the signed-in account',
        security: secured,
        response: { 200: socialLinksResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const account = await accounts.byId(id);
      const linked = await accounts.socialProvidersOf(id);
      return {
        linked: linked.filter((name): name is 'linkedin' => name === provider),
        hasPassword: Boolean(account?.passwordHash),
      };
    },
  );

  app.post(
    identityPaths.linkedinConnect,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'startLinkedinConnection',
        summary: 'Start connecting LinkedIn to the signed-in account',
        description:
          "Needs the account's password, as any change to how it is opened does. Answers where to send the browser (LinkedIn) and sets the flow cookie, bound to this account: the flow can then only finish as this account's connection (POST /api/v1/identity/social/linkedin/link), never as a sign-in. 409 while two-factor sign-in is on (LinkedIn alone would skip it) or when LinkedIn is already connected. Five wrong passwords in 15 minutes answer 429.",
        security: secured,
        body: linkedinConnectRequest,
        response: {
          200: linkedinConnectResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!linkedin) throw notConfigured();
      const user = currentUser(request);
      const account = await accounts.byId(user.id);
      if (!account) throw invalidAccessToken();
      if ((await accounts.socialProvidersOf(user.id)).includes(provider)) {
        throw new AppError(
          409,
          'SOCIAL_ALREADY_LINKED',
          'LinkedIn is already connected to your account.',
        );
      }
      if (account.totpEnabledAt) {
        throw new AppError(
          409,
          'TWO_FACTOR_ON',
          'Two-factor sign-in is on for your account, and LinkedIn alone would skip its code, so it cannot be connected.',
        );
      }
      const rules = currentPasswordAttempts(user.id);
      await app.attemptLimiter.reserve(rules, 'wrong passwords');
      if (!(await verifyPassword(account.passwordHash, request.body.password))) {
        securityEvent(request, 'social.link_refused', {
          userId: user.id,
          provider,
          reason: 'wrong password',
        });
        throw badRequest(
          fieldProblem('password', 'is not your current password.', { code: 'WRONG_PASSWORD' }),
        );
      }
      await app.attemptLimiter.refund(rules);
      const { url, cookie } = await linkedin.start(securitySettingsPath, user.id);
      setFlowCookie(reply, cookie);
      return { url };
    },
  );

  app.post(
    identityPaths.linkedinLink,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'connectLinkedin',
        summary: 'Connect LinkedIn to the signed-in account',
        description:
          "Start with POST /api/v1/identity/social/linkedin/connect in the same browser; when LinkedIn sends it back to /account/social/linkedin, the page sends the code and state here. Afterwards 'Sign in with LinkedIn' opens this account. 409 when that LinkedIn account already signs in to another Vitalia account, or this account is connected to another LinkedIn account. A code that fails, or a flow this account did not start, answers 400.",
        security: secured,
        body: linkedinLinkRequest,
        response: {
          200: socialLinksResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!linkedin) throw notConfigured();
      const user = currentUser(request);
      // Not 401, which would tell the client its session has ended: only the connection failed.
      const linkFailed = (reason: string) => {
        securityEvent(request, 'social.link_refused', { userId: user.id, provider, reason });
        return badRequest(
          'LinkedIn could not be connected. Start again from your security settings: a connection has to be finished within ten minutes, in the browser it was started in.',
        );
      };
      let result;
      try {
        result = await linkedin.finish(
          request.body.code,
          request.body.state,
          request.cookies[flowCookie],
          request.body.iss,
        );
      } catch (error) {
        if (error instanceof SocialSignInFailed) throw linkFailed(error.message);
        throw error;
      }
      reply.clearCookie(flowCookie, { path: flowCookiePath });
      // Only a flow this account started, with its password, connects to it.
      if (result.linkFor !== user.id) throw linkFailed('the flow was not started by this account');
      const outcome = await accounts.linkSocial(user.id, provider, result.profile.subject);
      if (outcome !== 'linked') {
        securityEvent(request, 'social.link_refused', {
          userId: user.id,
          provider,
          reason: outcome,
        });
        throw new AppError(
          409,
          outcome === 'taken' ? 'SOCIAL_ACCOUNT_TAKEN' : 'SOCIAL_ALREADY_LINKED',
          outcome === 'taken'
            ? 'This LinkedIn account already signs in to another Vitalia account. Sign in to that account with LinkedIn, or connect a different LinkedIn account.'
            : 'Your account is already connected to another LinkedIn account. Disconnect it first.',
        );
      }
      securityEvent(request, 'social.linked', { userId: user.id, provider });
      await tellOwner(services, request, user.username, 'linkedin connected');
      const account = await accounts.byId(user.id);
      return { linked: [provider], hasPassword: Boolean(account?.passwordHash) };
    },
  );

  app.delete(
    identityPaths.linkedinLink,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['identity'],
        operationId: 'disconnectLinkedin',
        summary: 'Disconnect LinkedIn from the signed-in account',
        description:
          'Refused with 409 for an account that has no password, since LinkedIn is then its only way in: set a password first (Forgot password sends a link).',
        security: secured,
        response: { 200: socialLinksResponse, 401: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const account = await accounts.byId(user.id);
      if (!account?.passwordHash) {
        throw new AppError(
          409,
          'ONLY_WAY_IN',
          'LinkedIn is the only way into your account, so it cannot be disconnected.',
        );
      }
      if (await accounts.unlinkSocial(user.id, provider)) {
        securityEvent(request, 'social.unlinked', { userId: user.id, provider });
        await tellOwner(services, request, user.username, 'linkedin removed');
      }
      return { linked: [], hasPassword: true };
    },
  );
};
