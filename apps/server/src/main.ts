// Reads the configuration, migrates the database, loads demo content once and listens.
import path from 'node:path';
import { ConfigError, loadConfig, withSigningSecret } from './config.ts';
import { openDatabase } from './db/database.ts';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { StartupPhases } from './lib/startup-phases.ts';

async function main(): Promise<void> {
  const startup = new StartupPhases();
  const config = withSigningSecret(loadConfig(process.env));
  if (!config.databaseUrl) lockEmbeddedDatabase(config.dataDir);
  // The embedded database compiles and starts while the rest of the server loads.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'db'),
  });
  opening.catch(() => undefined);
  const [{ buildApp }, { loadDemoContent }, { demoContentSteps }] = await Promise.all([
    import('./app.ts'),
    import('./db/demo-content.ts'),
    import('./demo-content.steps.ts'),
  ]);
  startup.done('appModules');
  const database = await opening;
  startup.done('database');
  await database.migrate();
  startup.done('migrations');
  const loaded = await loadDemoContent(database.db, demoContentSteps);
  startup.done('demoContent');

  const app = await buildApp(config, { database, startup });
  startup.done('webApp');
  app.log.info(
    { database: database.driver, demoContentLoaded: loaded },
    database.driver === 'embedded'
      ? `embedded database in ${path.join(config.dataDir, 'db')}`
      : 'PostgreSQL database',
  );
  // The architecture names Redis for shared rate limits; Vitalia keeps them in PostgreSQL
  // (decision 0016). Say so, rather than let an operator believe the variable does something.
  if (process.env.REDIS_URL) {
    app.log.warn(
      'REDIS_URL is set but not used: attempt limits, sessions and idempotency keys are kept in the database, which every instance shares',
    );
  }

  // On SIGTERM or SIGINT, stop taking new requests and let those under way finish.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  startup.done('listen');
  app.log.info({ startup: startup.summary() }, 'started: the first request can be answered');
  // Without its job queue the server cannot send mail or run reminders: it stops, as it would
  // have before listening, so that whoever runs it sees and restarts it.
  await app.jobs.started();
  if (app.jobs.status() === 'failed') {
    app.log.fatal('the job queue did not start; stopping');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy) {
    console.error(error.message);
  } else {
    console.error('Vitalia failed to start:', error);
  }
  process.exit(1);
});
