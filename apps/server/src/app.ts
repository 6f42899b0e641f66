// buildApp(config) assembles the whole server without listening, so tests build exactly what
// main.ts serves.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { defaultDeletionGraceSeconds, defaultPrivacyContact, type AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { serverRoot } from './db/migrations-folder.ts';
import fastifyCookie from '@fastify/cookie';
import { assessmentRoutes } from './features/assessment/assessment.routes.ts';
import { educationRoutes } from './features/education/education.routes.ts';
import { accountDeletionRoutes } from './features/identity/account-deletion.routes.ts';
import { AccountDeletionService } from './features/identity/account-deletion.service.ts';
import { accountRecoveryRoutes } from './features/identity/account-recovery.routes.ts';
import { identityRoutes } from './features/identity/identity.routes.ts';
import { identityServices } from './features/identity/identity.services.ts';
import { oauthTokenRoutes } from './features/identity/oauth-token.routes.ts';
import { exportRoutes } from './features/portability/export/export.routes.ts';
import { importRoutes } from './features/portability/import/import.routes.ts';
import { socialRoutes } from './features/identity/social.routes.ts';
import { sessionsRoutes } from './features/identity/sessions.routes.ts';
import { twoFactorRoutes } from './features/identity/two-factor.routes.ts';
import type { CustomFetch } from 'openid-client';
import { recordsRoutes } from './features/records/records.routes.ts';
import { careSharingRoutes } from './features/sharing/care-sharing.routes.ts';
import { doctorRoutes } from './features/sharing/doctor.routes.ts';
import { shareLinksRoutes } from './features/sharing/share-links.routes.ts';
import { scheduleReminders } from './features/reminders/reminders.jobs.ts';
import { remindersRoutes } from './features/reminders/reminders.routes.ts';
import { RemindersService, UnsubscribeTokens } from './features/reminders/reminders.service.ts';
import { storeMoney } from './features/store/money.ts';
import { orderNotices } from './features/store/order-mail.ts';
import { storeAdminRoutes } from './features/store/store-admin.routes.ts';
import { storeRoutes } from './features/store/store.routes.ts';
import { scheduleHousekeeping } from './features/identity/housekeeping.ts';
import { mailAdminRoutes } from './features/system/mail-admin.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { AttemptLimiter } from './plugins/attempt-limiter.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDatabase } from './plugins/database.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
  sendErrors,
} from './plugins/errors.ts';
import { folderFileStore } from './plugins/file-store.ts';
import { registerJobQueue, type JobQueueOptions, type JobRules } from './plugins/job-queue.ts';
import { createMailer, mailTransport, type Mailer } from './plugins/mailer.ts';
import { loggerOptions, OneLinePerRequest } from './plugins/logging.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerUnreadBodyDrain } from './plugins/unread-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { systemPaths } from '@vitalia/api/system.contract';
import { requestIdFor, requestIdHeader } from './plugins/request-id.ts';
import { registerCompression, registerSecurityHeaders } from './plugins/security-headers.ts';
import {
  isPageRequest,
  prerenderedPages,
  registerWebApp,
  sendIndexPage,
  webAppAvailable,
} from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    attemptLimiter: AttemptLimiter;
    mailer: Mailer;
  }
}

export interface AppDependencies {
  database: DatabaseHandle;
  /** Where log lines go; standard output when omitted. Tests capture them here. */
  logStream?: NodeJS.WritableStream;
  /** The time, for expiries and codes; tests move it. */
  clock?: () => Date;
  /** How the server talks to OpenID providers; tests tamper with answers through it. */
  oidcFetch?: CustomFetch;
  /** The job queue's schedules and polling, and the mail's tries; tests change them. */
  jobs?: JobQueueOptions & { mailRules?: JobRules };
}

/** Largest JSON body accepted; uploads have their own limits. */
export const bodyLimitBytes = 1024 * 1024;

/**
 * Fastify's own `true` believes every X-Forwarded-For entry, the client's included, and it ignores a
 * plain hop count; so a count (and `true`, one hop) becomes a function that believes that many
 * hops nearest to the server, as a proxy in front appends them (docs/operations.md).
 */
export function proxyTrust(
  setting: AppConfig['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (setting === false || typeof setting === 'string') return setting;
  const hops = setting === true ? 1 : setting;
  return (_address, hop) => hop < hops;
}

export async function buildApp(
  config: AppConfig,
  { database, logStream, clock = () => new Date(), oidcFetch, jobs = {} }: AppDependencies,
): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new Error('buildApp needs a signing secret (withSigningSecret)');
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    logController: new OneLinePerRequest(),
    genReqId: requestIdFor,
    bodyLimit: bodyLimitBytes,
    trustProxy: proxyTrust(config.trustProxy),
    // Answers must not hang on a slow or stalled client.
    requestTimeout: 30_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON is accepted unless a route says otherwise; text/plain would reach handlers as a string.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });

  registerErrorHandler(app);
  registerUnreadBodyDrain(app);
  registerNulGuard(app);
  registerDatabase(app, database);
  await app.register(fastifyCookie);
  registerAuth(app, config.jwtSecret);
  app.decorate('attemptLimiter', new AttemptLimiter(database.db));
  await registerSecurityHeaders(app, config.publicUrl);
  await registerCompression(app);
  await registerOpenApi(app, config.publicUrl, config.apiDocs);

  // Stops before the database closes (onClose hooks run in reverse order of registration).
  await registerJobQueue(app, database, jobs);
  const mailer = await createMailer({
    jobs: app.jobs,
    db: database.db,
    deliver: mailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outbox: path.join(config.dataDir, 'mail-outbox'),
      log: app.log,
    }),
    signingSecret: config.jwtSecret,
    log: app.log,
    ...(jobs.mailRules ? { rules: jobs.mailRules } : {}),
  });
  app.decorate('mailer', mailer);
  await scheduleHousekeeping(app, clock);
  await app.register(systemRoutes);
  await app.register(mailAdminRoutes);
  const identity = identityServices(app, {
    signingSecret: config.jwtSecret,
    mailer,
    pictures: folderFileStore(path.join(config.dataDir, 'uploads', 'avatars')),
    publicUrl: config.publicUrl,
    clock,
    linkedin: config.linkedin,
    oidcFetch,
  });
  await app.register(identityRoutes, identity);
  await app.register(accountRecoveryRoutes, identity);
  await app.register(twoFactorRoutes, identity);
  await app.register(sessionsRoutes, identity);
  await app.register(socialRoutes, identity);
  const deletion = new AccountDeletionService({
    db: database.db,
    jobs: app.jobs,
    mailer,
    pictures: identity.pictures,
    publicUrl: config.publicUrl,
    graceSeconds: config.accountDeletionGraceSeconds ?? defaultDeletionGraceSeconds,
    signingSecret: config.jwtSecret,
    log: app.log,
  });
  await deletion.start();
  app.decorate('accountDeletion', deletion);
  await app.register(accountDeletionRoutes, {
    ...identity,
    deletion,
    clock,
    privacyContact: config.privacyContact ?? defaultPrivacyContact(config.publicUrl),
    graceSeconds: config.accountDeletionGraceSeconds ?? defaultDeletionGraceSeconds,
  });
  await app.register(assessmentRoutes);
  await app.register(exportRoutes, { clock });
  await app.register(importRoutes);
  await app.register(oauthTokenRoutes, {
    sessions: identity.sessions,
    clients: config.oauthClients,
  });
  await app.register(recordsRoutes, { emergency: config.emergency });
  const sharing = { publicUrl: config.publicUrl, clock, emergency: config.emergency };
  await app.register(careSharingRoutes, sharing);
  await app.register(shareLinksRoutes, sharing);
  await app.register(doctorRoutes, sharing);
  const reminderTokens = new UnsubscribeTokens(config.jwtSecret);
  await app.register(remindersRoutes, {
    service: new RemindersService(database.db, clock),
    tokens: reminderTokens,
  });
  await scheduleReminders(app, {
    publicUrl: config.publicUrl,
    tokens: reminderTokens,
    emergencyNumber: config.emergency.number,
    clock,
    testHooks: config.testHooks,
  });
  await app.register(educationRoutes, {
    covers: folderFileStore(path.join(config.dataDir, 'uploads', 'covers')),
  });
  const money = storeMoney(config.store);
  const productImages = folderFileStore(path.join(config.dataDir, 'uploads', 'products'));
  const notify = orderNotices({
    mailer,
    money,
    publicUrl: config.publicUrl,
    pickup: config.store.pickup,
  });
  await app.register(storeRoutes, {
    money,
    images: productImages,
    notify,
    pickup: config.store.pickup,
  });
  await app.register(storeAdminRoutes, { money, images: productImages, notify });

  const webDist = config.webDistDir ?? path.resolve(serverRoot, '..', 'web', 'dist');
  const servesWeb = webAppAvailable(webDist);
  if (servesWeb) await registerWebApp(app, webDist);
  else app.log.info({ webDist }, 'no built web app found; serving the API only');
  const publicPages = servesWeb ? prerenderedPages(webDist) : new Map<string, string>();

  app.setNotFoundHandler((request, reply) => {
    if (servesWeb && isPageRequest(request)) return sendIndexPage(reply, publicPages);
    const pathname = request.url.split('?')[0];
    return sendErrors(reply, 404, [
      `Nothing is found at ${request.method} ${pathname}. The API reference is at ${config.apiDocs ? systemPaths.apiReference : systemPaths.openApiDocument}.`,
    ]);
  });

  return app;
}
