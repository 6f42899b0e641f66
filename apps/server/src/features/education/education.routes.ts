// The education calls (docs/decisions/0014-education.md). Anyone may read published articles; a signed-in
// administrator also reads drafts by slug (to preview them) and writes, publishes, unpublishes,
// deletes and illustrates articles. Every administrator's change is an audit log line. Each
// concern has its file: reading (article-reading.routes.ts), editing (article-editing.routes.ts),
// publishing (article-publishing.routes.ts) and covers (article-cover.routes.ts).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStore } from '../../lib/file-store.ts';
import { articleCoverRoutes, coverRules } from './article-cover.routes.ts';
import { articleEditingRoutes } from './article-editing.routes.ts';
import { articlePublishingRoutes } from './article-publishing.routes.ts';
import { articleReadingRoutes } from './article-reading.routes.ts';
import { educationContext } from './education.context.ts';

export interface EducationOptions {
  /** Where uploaded cover images are kept. */
  covers: FileStore;
}

export const educationRoutes: FastifyPluginAsyncZod<EducationOptions> = async (app, options) => {
  const context = educationContext(app, options.covers);

  await app.register(fastifyMultipart, {
    limits: { fileSize: coverRules.bytes, files: 1, fields: 5, parts: 6 },
  });

  articleReadingRoutes(app, context);
  articleEditingRoutes(app, context);
  articlePublishingRoutes(app, context);
  articleCoverRoutes(app, context);
};
