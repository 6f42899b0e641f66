// Publishing, for administrators: readers see an article once it is published, and no longer once
// it is unpublished (a draft again). Each change is an audit log line.
import { errorResponse } from '@vitalia/api/errors.schema';
import { adminArticle, articleIdParams, educationPaths } from '@vitalia/api/education.contract';
import { currentUser } from '../../plugins/auth.ts';
import { toAdminArticle } from './articles.repository.ts';
import { auditArticle } from './education.audit.ts';
import {
  noSuchArticle,
  secured,
  tags,
  type EducationApp,
  type EducationContext,
} from './education.context.ts';

export function articlePublishingRoutes(
  app: EducationApp,
  { repository, admin, adminRow }: EducationContext,
): void {
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
}
