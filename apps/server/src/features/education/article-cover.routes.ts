// An article's cover: an administrator uploads one, which the server re-encodes and names, and
// anyone fetches it by that name.
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  adminArticle,
  articleCoverLimits,
  articleIdParams,
  coverImagePrefix,
  educationPaths,
} from '@vitalia/api/education.contract';
import { currentUser } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import {
  imageUploadErrors,
  readImageUpload,
  reencodeImage,
  type ImageRules,
} from '../../lib/image-upload.ts';
import { toAdminArticle } from './articles.repository.ts';
import { auditArticle } from './education.audit.ts';
import {
  noSuchArticle,
  secured,
  tags,
  type EducationApp,
  type EducationContext,
} from './education.context.ts';

export const coverRules: ImageRules = {
  label: 'Cover',
  bytes: articleCoverLimits.bytes,
  pixels: 40_000_000,
  shape: { width: 1600, height: 1000 },
};

export function articleCoverRoutes(
  app: EducationApp,
  { repository, covers, admin, adminRow, removeCoverFile }: EducationContext,
): void {
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
}
