// Reading the articles, for anyone: published ones a page at a time, and one by its address (an
// administrator also previews drafts by theirs).
import type { preHandlerAsyncHookHandler } from 'fastify';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  article,
  articleLimits,
  articleListQuery,
  articlePage,
  articleSlugParams,
  educationPaths,
} from '@vitalia/api/education.contract';
import { encodeArticleCursor } from './article.cursor.ts';
import { toAdminArticle, toCard } from './articles.repository.ts';
import {
  noSuchArticle,
  pageQuery,
  tags,
  type EducationApp,
  type EducationContext,
} from './education.context.ts';

/** Anyone may read; a token, when one is sent, must be valid (an administrator previews drafts). */
const readerSecurity: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];

export function articleReadingRoutes(app: EducationApp, { repository }: EducationContext): void {
  /** Reading needs no session; one that is sent must be valid, and tells who is reading. */
  const readerIfAny: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization) await app.authenticate.call(this, request, reply);
  };

  app.get(
    educationPaths.articles,
    {
      schema: {
        tags,
        operationId: 'listArticles',
        summary: 'Published articles, a page at a time',
        description: `Newest first; with q, best match first (PostgreSQL full-text search over title, summary and body, ranked by ts_rank, title words counting most). tag keeps only articles with that tag. Up to limit per page (${articleLimits.page.default} by default); pass nextCursor back as cursor, with the same q and tag, for the next page.`,
        security: [],
        querystring: articleListQuery,
        response: { 200: articlePage, 400: errorResponse },
      },
    },
    async (request) => {
      const page = await repository.page(pageQuery(request.query), 'public');
      return {
        items: page.rows.map(toCard),
        nextCursor: page.next ? encodeArticleCursor(page.next) : null,
      };
    },
  );

  app.get(
    educationPaths.article,
    {
      preHandler: readerIfAny,
      schema: {
        tags,
        operationId: 'getArticle',
        summary: 'One article, with its sources and related articles',
        description:
          'A draft answers 404, as a missing article does, except to an administrator (to preview it). body is markdown: clients render it without raw HTML.',
        security: readerSecurity,
        params: articleSlugParams,
        response: { 200: article, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const row = await repository.bySlug(request.params.slug);
      const isAdmin = request.authUser?.role === 'ADMIN';
      if (!row || (row.status !== 'published' && !isAdmin)) throw noSuchArticle();
      const related = await repository.related(row);
      return {
        ...toCard(row),
        body: row.body,
        sources: toAdminArticle(row).sources,
        status: row.status,
        updatedAt: row.updatedAt.toISOString(),
        related: related.map(toCard),
      };
    },
  );
}
