// The education calls (docs/decisions/0014-education.md). Anyone may read published articles; a signed-in
// administrator also reads drafts by slug (to preview them) and writes, publishes, unpublishes,
// deletes and illustrates articles. Every administrator's change is an audit log line.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  adminArticle,
  adminArticleListQuery,
  adminArticlePage,
  adminArticlePath,
  article,
  articleIdParams,
  articleLimits,
  articleListQuery,
  articlePage,
  articleRequest,
  articleSlugParams,
  coverImagePrefix,
  educationPaths,
  isUploadedCover,
  type ArticleFields,
  type ArticleListQuery,
  articleCoverLimits,
} from '@vitalia/api/education.contract';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import {
  imageUploadErrors,
  readImageUpload,
  reencodeImage,
  type ImageRules,
} from '../../plugins/image-upload.ts';
import { decodeArticleCursor, encodeArticleCursor } from './article.cursor.ts';
import {
  ArticlesRepository,
  toAdminArticle,
  toAdminSummary,
  toCard,
  type ArticleRow,
} from './articles.repository.ts';
import { auditArticle } from './education.audit.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export interface EducationOptions {
  /** Where uploaded cover images are kept. */
  covers: FileStore;
}

export const coverRules: ImageRules = {
  label: 'Cover',
  bytes: articleCoverLimits.bytes,
  pixels: 40_000_000,
  shape: { width: 1600, height: 1000 },
};

const secured = [{ bearerAuth: [] }];
/** Anyone may read; a token, when one is sent, must be valid (an administrator previews drafts). */
const readerSecurity: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];
const tags = ['education'];

const noSuchArticle = () => notFound('There is no article at this address.');

const slugTaken = (slug: string) =>
  new AppError(
    409,
    'SLUG_TAKEN',
    `slug: another article already uses "${slug}"; choose another address for this one.`,
  );

function coverFileName(path: string | null): string | null {
  return isUploadedCover(path) ? path.slice(coverImagePrefix.length) : null;
}

function pageQuery(query: ArticleListQuery) {
  const q = query.q?.trim() || undefined;
  const after = query.cursor === undefined ? undefined : decodeArticleCursor(query.cursor, !!q);
  if (after === null) {
    throw badRequest(
      'query cursor: is not a cursor this server gave for this search; start again without it.',
    );
  }
  return { q, tag: query.tag, after, limit: query.limit ?? articleLimits.page.default };
}

export const educationRoutes: FastifyPluginAsyncZod<EducationOptions> = async (app, options) => {
  const repository = new ArticlesRepository(app.database.db);
  const { covers } = options;
  const admin = app.requireRole('ADMIN');

  /** Reading needs no session; one that is sent must be valid, and tells who is reading. */
  const readerIfAny: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization) await app.authenticate.call(this, request, reply);
  };

  await app.register(fastifyMultipart, {
    limits: { fileSize: coverRules.bytes, files: 1, fields: 5, parts: 6 },
  });

  async function adminRow(id: string): Promise<ArticleRow> {
    const row = await repository.byId(id);
    if (!row) throw noSuchArticle();
    return row;
  }

  /** An uploaded cover may only stay on the article it was uploaded for. */
  function assertCoverAllowed(fields: ArticleFields, current: ArticleRow | undefined): void {
    const wanted = fields.coverImage;
    if (isUploadedCover(wanted) && wanted !== current?.coverImage) {
      throw badRequest(
        'coverImage: upload a cover for this article with the cover call, or choose one of the illustrations.',
      );
    }
  }

  async function removeCoverFile(path: string | null, request: FastifyRequest): Promise<void> {
    const name = coverFileName(path);
    if (!name) return;
    try {
      await covers.remove(name);
    } catch (error) {
      // The article is already saved; a stray file is not worth failing the call for.
      request.log.warn({ err: error, cover: name }, 'could not remove a replaced cover image');
    }
  }

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

  for (const [path, status, event] of [
    [educationPaths.adminPublish, 'published', 'article.published'],
    [educationPaths.adminUnpublish, 'draft', 'article.unpublished'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: admin,
        schema: {
          tags,
          operationId: status === 'published' ? 'publishArticle' : 'unpublishArticle',
          summary:
            status === 'published'
              ? 'Publish an article: readers see it at once (administrators)'
              : 'Unpublish an article: it becomes a draft again (administrators)',
          description:
            status === 'published'
              ? 'The first publication sets publishedAt; publishing again after unpublishing keeps it. Publishing a published article changes nothing.'
              : 'Readers no longer find it; its address answers 404 to them. Unpublishing a draft changes nothing.',
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
      async (request) => {
        const user = currentUser(request);
        const before = await adminRow(request.params.id);
        if (before.status === status) return toAdminArticle(before);
        const row = await repository.setStatus(before.id, status);
        if (!row) throw noSuchArticle();
        auditArticle(request, event, { userId: user.id, articleId: row.id, slug: row.slug });
        return toAdminArticle(row);
      },
    );
  }

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

  app.post(
    educationPaths.adminCover,
    {
      preHandler: admin,
      bodyLimit: coverRules.bytes + 64 * 1024,
      schema: {
        tags,
        operationId: 'uploadArticleCover',
        summary: 'Upload a cover image (multipart field `file`, administrators)',
        description:
          'JPEG, PNG or WebP, at most 5 MB and 40 megapixels, each side at most 10,000 px and neither more than 20 times the other, checked by its content. The server re-encodes it as a WebP of at most 1600 x 1000 px without metadata, under a name it makes, and the previous uploaded cover is removed.',
        security: secured,
        consumes: ['multipart/form-data'],
        params: articleIdParams,
        response: {
          200: adminArticle,
          ...imageUploadErrors,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The upload is read first: answering before the body is consumed would cut the client off.
      const upload = await readImageUpload(request, coverRules);
      const before = await adminRow(request.params.id);
      const cover = await reencodeImage(upload, coverRules);
      await covers.put(cover.name, cover.content);
      const row = await repository.setCover(before.id, `${coverImagePrefix}${cover.name}`);
      if (!row) {
        await covers.remove(cover.name);
        throw noSuchArticle();
      }
      await removeCoverFile(before.coverImage, request);
      auditArticle(request, 'article.cover_changed', {
        userId: user.id,
        articleId: row.id,
        slug: row.slug,
        cover: row.coverImage,
      });
      return toAdminArticle(row);
    },
  );

  app.get(
    `${coverImagePrefix}:name`,
    {
      schema: {
        tags,
        operationId: 'getArticleCover',
        summary: 'An uploaded cover image, by the name the article gives',
        security: [],
        params: z.object({ name: z.string().max(128) }),
        response: {
          200: {
            description: 'The cover, as WebP',
            content: { 'image/webp': { schema: z.any() } },
          },
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const content = await covers.get(request.params.name);
      if (!content) throw notFound('There is no such cover image.');
      // Names are never reused, so a cover can be cached for good.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(content);
    },
  );
};
