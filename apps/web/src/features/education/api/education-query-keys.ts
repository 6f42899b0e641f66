import type { ArticleStatus } from '@vitalia/api/education.contract';

/**
 * The education cache entries. Any change an administrator makes can move an article in or out
 * of every list and page, so mutations refresh everything under `all`.
 */
export const educationQueryKeys = {
  all: ['education'] as const,
  articles: (q: string, tag: string) => ['education', 'articles', { q, tag }] as const,
  article: (slug: string) => ['education', 'article', slug] as const,
  adminArticles: (q: string, status: ArticleStatus | 'all') =>
    ['education', 'admin', 'articles', { q, status }] as const,
  adminArticle: (id: string) => ['education', 'admin', 'article', id] as const,
};
