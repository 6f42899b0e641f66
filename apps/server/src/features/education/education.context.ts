// What the education routes share (docs/decisions/0014-education.md): the articles, the cover
// files, the administrators' check, and the paging of both article lists.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  articleLimits,
  coverImagePrefix,
  isUploadedCover,
  type ArticleListQuery,
} from '@vitalia/api/education.contract';
import { badRequest, fieldProblem, notFound } from '../../plugins/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { decodeArticleCursor } from './article.cursor.ts';
import { ArticlesRepository, type ArticleRow } from './articles.repository.ts';

/** The server as the education routes see it: zod validates and types their requests. */
export type EducationApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['education'];
export const secured = [{ bearerAuth: [] }];

export const noSuchArticle = () => notFound('There is no article at this address.');

export function pageQuery(query: ArticleListQuery) {
  const q = query.q?.trim() || undefined;
  const after = query.cursor === undefined ? undefined : decodeArticleCursor(query.cursor, !!q);
  if (after === null) {
    throw badRequest(
      fieldProblem(
        'cursor',
        'is not a cursor this server gave for this search; start again without it.',
        { in: 'query', code: 'INVALID_CURSOR' },
      ),
    );
  }
  return { q, tag: query.tag, after, limit: query.limit ?? articleLimits.page.default };
}

export interface EducationContext {
  repository: ArticlesRepository;
  /** Where uploaded cover images are kept. */
  covers: FileStore;
  /** preHandler: a signed-in administrator. */
  admin: preHandlerAsyncHookHandler;
  /** The article with this id, draft or published, or a 404. */
  adminRow(id: string): Promise<ArticleRow>;
  /** Removes an uploaded cover's file; stock illustrations and no cover are left alone. */
  removeCoverFile(path: string | null, request: FastifyRequest): Promise<void>;
}

export function educationContext(app: EducationApp, covers: FileStore): EducationContext {
  const repository = new ArticlesRepository(app.database.db);
  return {
    repository,
    covers,
    admin: app.requireRole('ADMIN'),
    async adminRow(id) {
      const row = await repository.byId(id);
      if (!row) throw noSuchArticle();
      return row;
    },
    async removeCoverFile(path, request) {
      const name = isUploadedCover(path) ? path.slice(coverImagePrefix.length) : null;
      if (!name) return;
      try {
        await covers.remove(name);
      } catch (error) {
        // The article is already saved; a stray file is not worth failing the call for.
        request.log.warn({ err: error, cover: name }, 'could not remove a replaced cover image');
      }
    },
  };
}
