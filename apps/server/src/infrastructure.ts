// What every feature is built from: registered first by buildApp (app.ts), then handed to each
// feature's register function, which builds its own services and routes from it and nothing else.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import { folderFileStore, type FileStore } from './lib/file-store.ts';

export interface Infrastructure {
  config: AppConfig;
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** The time, for expiries and codes; tests move it. */
  clock: () => Date;
  /** The folder of uploaded files of one kind, under DATA_DIR/uploads. */
  files(kind: 'avatars' | 'covers' | 'products'): FileStore;
  /** How the server talks to OpenID providers; tests tamper with answers through it. */
  oidcFetch: CustomFetch | undefined;
}

/** A feature: registers its routes on the app and answers what the background work needs of it. */
export type Feature<Offers = void> = (
  app: FastifyInstance,
  infra: Infrastructure,
) => Promise<Offers>;

export function uploadsUnder(dataDir: string): Infrastructure['files'] {
  return (kind) => folderFileStore(path.join(dataDir, 'uploads', kind));
}
