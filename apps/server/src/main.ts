// Reads the configuration, migrates the database, loads demo content once and listens.
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, withSigningSecret } from './config.ts';
import { openDatabase } from './db/database.ts';
import { EmbeddedDatabaseBusy, lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { loadDemoContent } from './db/demo-content.ts';
import { demoContentSteps } from './demo-content.steps.ts';

async function main(): Promise<void> {
  const config = withSigningSecret(loadConfig(process.env));
  if (!config.databaseUrl) lockEmbeddedDatabase(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  const loaded = await loadDemoContent(database.db, demoContentSteps);

  const app = await buildApp(config, { database });
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy) {
    console.error(error.message);
  } else {
    console.error('Vitalia failed to start:', error);
  }
  process.exit(1);
});
