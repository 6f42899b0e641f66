// Writing the articles, for administrators: every article with its drafts, and writing, changing
// and deleting one. Every change is an audit log line.
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  adminArticle,
  adminArticleListQuery,
  adminArticlePage,
  adminArticlePath,
  articleIdParams,
  articleRequest,
  educationPaths,
  isUploadedCover,
  type ArticleFields,
} from '@vitalia/api/education.contract';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem } from '../../plugins/errors.ts';
import { encodeArticleCursor } from './article.cursor.ts';
import { toAdminArticle, toAdminSummary, type ArticleRow } from './articles.repository.ts';
import { auditArticle } from './education.audit.ts';
import {
  noSuchArticle,
  pageQuery,
  secured,
  tags,
  type EducationApp,
  type EducationContext,
} from './education.context.ts';

const slugTaken = (slug: string) =>
  new AppError(
    409,
    'SLUG_TAKEN',
    fieldProblem(
      'slug',
      `another article already uses "${slug}"; choose another address for this one.`,
    ),
  );

/** An uploaded cover may only stay on the article it was uploaded for. */
function assertCoverAllowed(fields: ArticleFields, current: ArticleRow | undefined): void {
  const wanted = fields.coverImage;
  if (isUploadedCover(wanted) && wanted !== current?.coverImage) {
    throw badRequest(
      fieldProblem(
        'coverImage',
        'upload a cover for this article with the cover call, or choose one of the illustrations.',
        { code: 'COVER_NOT_ALLOWED' },
      ),
    );
  }
}

export function articleEditingRoutes(
  app: EducationApp,
  { repository, admin, adminRow, removeCoverFile }: EducationContext,
): void {
  app.get(
    educationPaths.adminArticles,
    {
      preHandler: admin,
      schema: {
        tags,
        operationId: 'listAllArticles',
        summary: 'Every article, drafts included (administrators)',
        description:
          'Most recently changed first; with q, best match first. status keeps only drafts or only published articles. Paged as the public list.',
        security: secured,
        querystring: adminArticleListQuery,
        response: {
          200: adminArticlePage,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const page = await repository.page(
        { ...pageQuery(request.query), status: request.query.status },
        'admin',
      );
      return {
        items: page.rows.map(toAdminSummary),
        nextCursor: page.next ? encodeArticleCursor(page.next) : null,
      };
    },
  );

  app.get(
    educationPaths.adminArticle,
    {
      preHandler: admin,
      schema: {
        tags,
        operationId: 'getArticleForEditing',
        summary: 'One article as written, draft or published (administrators)',
        security: secured,
        params: articleIdParams,
        response: {
          200: adminArticle,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => toAdminArticle(await adminRow(request.params.id)),
  );

  app.post(
    educationPaths.adminArticles,
    {
      preHandler: admin,
      schema: {
        tags,
        operationId: 'createArticle',
        summary: 'Write a new article, as a draft (administrators)',
        description:
          'Answers 201 with the draft. A slug another article uses answers 409. Publish it with the publish call.',
        security: secured,
        body: articleRequest,
        response: {
          201: adminArticle,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertCoverAllowed(request.body, undefined);
      const row = await repository.insert({ ...request.body, authorId: user.id });
      if (!row) throw slugTaken(request.body.slug);
      auditArticle(request, 'article.created', {
        userId: user.id,
        articleId: row.id,
        slug: row.slug,
      });
      return reply.code(201).header('location', adminArticlePath(row.id)).send(toAdminArticle(row));
    },
  );

  app.put(
    educationPaths.adminArticle,
    {
      preHandler: admin,
      schema: {
        tags,
        operationId: 'updateArticle',
        summary: 'Replace the text of an article (administrators)',
        description:
          'The same body as writing one. coverImage left out keeps the cover. Its status does not change: use publish and unpublish. A slug another article uses answers 409.',
        security: secured,
        params: articleIdParams,
        body: articleRequest,
        response: {
          200: adminArticle,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const before = await adminRow(request.params.id);
      assertCoverAllowed(request.body, before);
      let row: ArticleRow | undefined;
      try {
        row = await repository.update(before.id, request.body);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(request.body.slug);
        throw error;
      }
      if (!row) throw noSuchArticle();
      if (before.coverImage !== row.coverImage) await removeCoverFile(before.coverImage, request);
      const changed = (
        ['slug', 'title', 'summary', 'body', 'tags', 'sources', 'coverImage'] as const
      ).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(row[field]));
      auditArticle(request, 'article.updated', {
        userId: user.id,
        articleId: row.id,
        slug: row.slug,
        changed,
        ...(before.slug === row.slug ? {} : { previousSlug: before.slug }),
      });
      return toAdminArticle(row);
    },
  );

  app.delete(
    educationPaths.adminArticle,
    {
      preHandler: admin,
      schema: {
        tags,
        operationId: 'deleteArticle',
        summary: 'Delete an article and its uploaded cover (administrators)',
        description: 'Answers 204. To take an article away for a while, unpublish it instead.',
        security: secured,
        params: articleIdParams,
        response: {
          204: z.null(),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await repository.remove(request.params.id);
      if (!row) throw noSuchArticle();
      await removeCoverFile(row.coverImage, request);
      auditArticle(request, 'article.deleted', {
        userId: user.id,
        articleId: row.id,
        slug: row.slug,
        title: row.title,
      });
      return reply.code(204).send(null);
    },
  );
}
