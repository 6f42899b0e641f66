import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEASURE_ARTICLE_SLUGS,
  RISK_ARTICLE_SLUGS,
  RISK_SLUGS,
  STOCK_COVERS,
  articleRequest,
} from '@vitalia/api/education.contract';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { loadDemoContent } from '../../db/demo-content.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/test-calls.ts';
import { demoArticles, educationDemoContent } from './education.demo-content.ts';

interface Card {
  slug: string;
  tags: string[];
  coverImage: string | null;
  readingMinutes: number;
}
interface Article extends Card {
  body: string;
  sources: Array<{ name: string; url: string }>;
  related: Card[];
}

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
  expect(await loadDemoContent(server.app.database.db, [educationDemoContent])).toEqual([
    'education-articles',
  ]);
});
afterAll(() => server.close());

function wordsIn(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

describe('the first articles', () => {
  it('are loaded once: a second start-up adds nothing', async () => {
    expect(await loadDemoContent(server.app.database.db, [educationDemoContent])).toEqual([]);
    const page = await call<{ items: Card[] }>(
      server,
      'GET',
      '/api/v1/education/articles?limit=50',
    );
    expect(page.body.items).toHaveLength(demoArticles.length);
  });

  it('cover every measure and every risk of the assessment, at the slugs the contract links to', async () => {
    const slugs = [...Object.values(MEASURE_ARTICLE_SLUGS), ...Object.values(RISK_ARTICLE_SLUGS)];
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      const { status } = await call(server, 'GET', `/api/v1/education/articles/${slug}`);
      expect(status, slug).toBe(200);
    }
    // Each is also found by the tag other screens link with.
    const tags = [...Object.values(MEASURES).map((measure) => measure.slug), ...RISK_SLUGS];
    for (const tag of tags) {
      const page = await call<{ items: Card[] }>(
        server,
        'GET',
        `/api/v1/education/articles?tag=${tag}`,
      );
      expect(page.body.items.length, tag).toBeGreaterThanOrEqual(1);
    }
  });

  it('are what an administrator could have written: valid, 300-600 words, citing sources', () => {
    for (const article of demoArticles) {
      const parsed = articleRequest.safeParse({
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        body: article.body,
        tags: article.tags,
        sources: article.sources,
        coverImage: `/education/${article.cover}.svg`,
      });
      expect(parsed.error?.issues ?? [], article.slug).toEqual([]);
      expect(wordsIn(article.body), article.slug).toBeGreaterThanOrEqual(300);
      expect(wordsIn(article.body), article.slug).toBeLessThanOrEqual(600);
      expect(article.sources.length, article.slug).toBeGreaterThanOrEqual(2);
      for (const source of article.sources) expect(source.url).toMatch(/^https:\/\//);
      expect(STOCK_COVERS).toContain(article.cover);
    }
  });

  it('are found by words in their bodies and come with three related articles', async () => {
    const found = await call<{ items: Card[] }>(
      server,
      'GET',
      `/api/v1/education/articles?q=${encodeURIComponent('nail polish')}`,
    );
    expect(found.body.items[0]?.slug).toBe(MEASURE_ARTICLE_SLUGS.oxygen);

    const read = await call<Article>(
      server,
      'GET',
      `/api/v1/education/articles/${MEASURE_ARTICLE_SLUGS.bloodPressure}`,
    );
    expect(read.body.coverImage).toBe('/education/blood-pressure.svg');
    expect(read.body.readingMinutes).toBe(2);
    expect(read.body.sources[0]).toEqual({
      name: 'AHA: Understanding blood pressure readings',
      url: 'https://www.heart.org/en/health-topics/high-blood-pressure/understanding-blood-pressure-readings',
    });
    expect(read.body.related).toHaveLength(3);
    for (const card of read.body.related) expect(card.tags).toContain('heart');
  });
});
