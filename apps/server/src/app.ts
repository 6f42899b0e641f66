// buildApp(config) assembles the whole server without listening, so tests build exactly what
// main.ts serves.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { serverRoot } from './db/migrations-folder.ts';
import fastifyCookie from '@fastify/cookie';
import type { CustomFetch } from 'openid-client';
import { registerAssessment } from './features/assessment/assessment.feature.ts';
import { registerEducation } from './features/education/education.feature.ts';
import { registerIdentity } from './features/identity/identity.feature.ts';
import { registerPortability } from './features/portability/portability.feature.ts';
import { registerRecords } from './features/records/records.feature.ts';
import { registerReminders } from './features/reminders/reminders.feature.ts';
import { registerSharing } from './features/sharing/sharing.feature.ts';
import { registerStore } from './features/store/store.feature.ts';
import { registerSystem } from './features/system/system.feature.ts';
import { uploadsUnder, type Infrastructure } from './infrastructure.ts';
import { queueRules, startBackgroundWork, type BackgroundWork } from './jobs/background-work.ts';
import { registerJobQueue, type JobQueueOptions, type JobRules } from './jobs/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { mailTransport } from './mail/transport.ts';
import type { StartupPhases } from './lib/startup-phases.ts';
import { AttemptLimiter } from './lib/attempt-limiter.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDatabase } from './plugins/database.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
  sendErrors,
} from './plugins/errors.ts';
import { loggerOptions, OneLinePerRequest } from './lib/logging.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import { registerUnreadBodyDrain } from './plugins/unread-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { systemPaths } from '@vitalia/api/system.contract';
import { requestIdFor, requestIdHeader } from './lib/request-id.ts';
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
    /** What the background work runs on; tests run its jobs as of a time through it. */
    background: BackgroundWork;
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
  /** Where start-up time goes (main.ts logs it). */
  startup?: StartupPhases;
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
  { database, logStream, clock = () => new Date(), oidcFetch, jobs = {}, startup }: AppDependencies,
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

  startup?.done('plugins');
  // Stops before the database closes (onClose hooks run in reverse order of registration).
  await registerJobQueue(app, database, jobs, queueRules(jobs.mailRules));
  // The queue starts in the background; API calls wait for it (jobs/queue.ts says why), while the
  // liveness check, pages and static files do not.
  let queueStarted = false;
  void app.jobs.started().then(() => (queueStarted = true));
  app.addHook('onRequest', async (request) => {
    if (queueStarted || !request.url.startsWith('/api/')) return;
    await app.jobs.started();
  });
  startup?.done('jobQueue');
  const mailer = createMailer({
    jobs: app.jobs,
    db: database.db,
    site: { publicUrl: config.publicUrl, emergencyNumber: config.emergency.number },
    transport: mailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outbox: path.join(config.dataDir, 'mail-outbox'),
      log: app.log,
    }),
    signingSecret: config.jwtSecret,
    log: app.log,
  });
  app.decorate('mailer', mailer);

  // Then the features, each built from the infrastructure alone.
  startup?.done('mailer');
  const infra: Infrastructure = {
    config,
    db: database.db,
    jobs: app.jobs,
    mailer,
    clock,
    files: uploadsUnder(config.dataDir),
    oidcFetch,
  };
  await registerSystem(app, infra);
  const { deletion } = await registerIdentity(app, infra);
  await registerAssessment(app, infra);
  await registerPortability(app, infra);
  await registerRecords(app, infra);
  await registerSharing(app, infra);
  const { reminders } = await registerReminders(app, infra);
  await registerEducation(app, infra);
  const { orderRelease } = await registerStore(app, infra);

  startup?.done('features');
  // Last, the background work, which runs on what the features built.
  const background: BackgroundWork = {
    db: database.db,
    mailer,
    deletion,
    reminders,
    orderRelease,
    clock,
    log: app.log,
    ...(jobs.mailRules ? { mailRules: jobs.mailRules } : {}),
  };
  app.decorate('background', background);
  // Its workers start once the queue has, without holding up the first answer; closing the app
  // waits for them to have started before the queue stops.
  const backgroundStarted = startBackgroundWork(app.jobs, background).catch((error: unknown) =>
    app.log.error({ err: error }, 'the background work did not start'),
  );
  app.addHook('onClose', async () => {
    await backgroundStarted;
  });
  startup?.done('backgroundWork');

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
