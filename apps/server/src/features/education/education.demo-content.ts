// The first articles, loaded once on a new database (db/demo-content.ts): one per measure, then one
// per assessment risk, published a minute apart so the list shows them in that order.
import { stockCoverPath } from '@vitalia/api/education.contract';
import type { DemoContentStep } from '../../db/demo-content.ts';
import { articles } from '../../db/schema/education.table.ts';
import { sourceToText } from './articles.repository.ts';
import { measureArticles } from './demo-articles/measure-articles.ts';
import { riskArticles } from './demo-articles/risk-articles.ts';

export const demoArticles = [...measureArticles, ...riskArticles];

export const educationDemoContent: DemoContentStep = {
  name: 'education-articles',
  async load(tx) {
    const now = Date.now();
    await tx
      .insert(articles)
      .values(
        demoArticles.map((article, index) => {
          const publishedAt = new Date(now - index * 60_000);
          return {
            slug: article.slug,
            title: article.title,
            summary: article.summary,
            body: article.body,
            coverImage: stockCoverPath(article.cover),
            tags: article.tags,
            sources: article.sources.map(sourceToText),
            status: 'published' as const,
            publishedAt,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          };
        }),
      )
      // An administrator may already have written an article at one of these addresses.
      .onConflictDoNothing({ target: articles.slug });
  },
};
