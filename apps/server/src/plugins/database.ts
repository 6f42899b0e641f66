import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Makes the database visible to every feature and closes it with the server. */
export function registerDatabase(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    await database.close();
  });
}
