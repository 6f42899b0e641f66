// The identity feature's services, made once per server and handed to its route plugins.
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../lib/file-store.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailLinkPaths } from '@vitalia/api/identity.contract';
import type { CustomFetch } from 'openid-client';
import { EmailLinkService } from './email-links.service.ts';
import { LinkedInSignIn } from './linkedin.service.ts';
import { SessionService } from './session.service.ts';
import { SignInDevices } from './sign-in-devices.ts';
import { TwoFactorService } from './two-factor.service.ts';

export interface IdentityServices {
  sessions: SessionService;
  links: EmailLinkService;
  twoFactor: TwoFactorService;
  /** Device cookies of password sign-in (docs/decisions/0009-passwords-and-attempt-limits.md). */
  devices: SignInDevices;
  mailer: Mailer;
  pictures: FileStore;
  /** Where mail links point, e.g. https://vitalia.example */
  publicUrl: string;
  /** The two-factor challenge's and the device cookies are sent only over https when the site is. */
  secureCookies: boolean;
  /** LinkedIn sign-in, when configured. */
  linkedin: LinkedInSignIn | undefined;
  /** The server's clock (tests move it). */
  clock: () => Date;
}

export function identityServices(
  app: FastifyInstance,
  options: {
    signingSecret: string;
    mailer: Mailer;
    pictures: FileStore;
    publicUrl: string;
    clock: () => Date;
    linkedin: { issuer: string; clientId: string; clientSecret: string } | undefined;
    /** How the server talks to the OpenID provider; tests tamper with answers through it. */
    oidcFetch?: CustomFetch | undefined;
  },
): IdentityServices {
  const db = app.database.db;
  return {
    sessions: new SessionService(db, app.accessTokens, options.clock),
    links: new EmailLinkService(db, options.clock),
    twoFactor: new TwoFactorService(db, options.signingSecret, options.clock),
    devices: new SignInDevices(db, options.signingSecret, options.clock),
    mailer: options.mailer,
    pictures: options.pictures,
    publicUrl: options.publicUrl,
    secureCookies: options.publicUrl.startsWith('https://'),
    clock: options.clock,
    linkedin: options.linkedin
      ? new LinkedInSignIn(
          {
            ...options.linkedin,
            redirectUri: `${options.publicUrl}${mailLinkPaths.linkedinCallback}`,
          },
          options.signingSecret,
          options.clock,
          options.oidcFetch,
        )
      : undefined,
  };
}
