// Accounts, sessions, sign-in and its recovery, two-factor, LinkedIn, the doctors' app's token
// call, and deleting an account.
import { defaultDeletionGraceSeconds, defaultPrivacyContact } from '../../config.ts';
import type { Feature } from '../../infrastructure.ts';
import { accountDeletionRoutes } from './account-deletion.routes.ts';
import { AccountDeletionService } from './account-deletion.service.ts';
import { accountRecoveryRoutes } from './account-recovery.routes.ts';
import { identityRoutes } from './identity.routes.ts';
import { identityServices } from './identity.services.ts';
import { registrationRoutes } from './registration.routes.ts';
import { oauthTokenRoutes } from './oauth-token.routes.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { socialRoutes } from './social.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

export const registerIdentity: Feature<{ deletion: AccountDeletionService }> = async (
  app,
  { config, db, jobs, mailer, clock, files, oidcFetch },
) => {
  const identity = identityServices(app, {
    signingSecret: config.jwtSecret!,
    mailer,
    pictures: files('avatars'),
    publicUrl: config.publicUrl,
    clock,
    linkedin: config.linkedin,
    oidcFetch,
  });
  await app.register(identityRoutes, identity);
  await app.register(registrationRoutes, identity);
  await app.register(accountRecoveryRoutes, identity);
  await app.register(twoFactorRoutes, identity);
  await app.register(sessionsRoutes, identity);
  await app.register(socialRoutes, identity);

  const graceSeconds = config.accountDeletionGraceSeconds ?? defaultDeletionGraceSeconds;
  const deletion = new AccountDeletionService({
    db,
    jobs,
    mailer,
    pictures: identity.pictures,
    graceSeconds,
  });
  await app.register(accountDeletionRoutes, {
    ...identity,
    deletion,
    clock,
    privacyContact: config.privacyContact ?? defaultPrivacyContact(config.publicUrl),
    graceSeconds,
  });
  await app.register(oauthTokenRoutes, {
    sessions: identity.sessions,
    clients: config.oauthClients,
    clock,
    devices: identity.devices,
  });
  return { deletion };
};
