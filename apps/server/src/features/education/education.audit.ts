// Every change an administrator makes to the articles is an `audit` log line: who did what to
// which article, from where. Like security events, they carry no content, only facts.
import type { FastifyRequest } from 'fastify';

export type ArticleAuditEvent =
  | 'article.created'
  | 'article.updated'
  | 'article.published'
  | 'article.unpublished'
  | 'article.deleted'
  | 'article.cover_changed';

export function auditArticle(
  request: FastifyRequest,
  event: ArticleAuditEvent,
  details: { userId: string; articleId: string; slug: string; [key: string]: unknown },
): void {
  request.log.info({ audit: { event, ip: request.ip, ...details } }, `audit: ${event}`);
}
