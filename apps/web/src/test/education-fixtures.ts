import {
  adminArticlePath,
  articlePath,
  educationPaths,
  readingMinutes,
  type AdminArticle,
  type Article,
  type ArticleCard,
} from '@vitalia/api/education.contract';
import { fakeApi, type FakeRequest } from './fake-api';

let made = 0;

/** An article's card as the list answers it. */
export function aCard(overrides: Partial<ArticleCard> = {}): ArticleCard {
  made += 1;
  return {
    slug: `article-${made}`,
    title: `Article number ${made}`,
    summary: 'A short summary of what the article explains, in one sentence.',
    coverImage: '/education/pulse.svg',
    tags: ['pulse', 'measures', 'heart'],
    publishedAt: '2026-03-02T09:00:00.000Z',
    readingMinutes: 4,
    ...overrides,
  };
}

/** One article as its page answers it. */
export function anArticle(overrides: Partial<Article> = {}): Article {
  const card = aCard(overrides);
  const body = overrides.body ?? '## What it is\n\nYour pulse is your **heart rate**.';
  return {
    ...card,
    body,
    sources: [{ name: 'NHS: Pulse', url: 'https://www.nhs.uk/pulse' }],
    status: 'published',
    updatedAt: '2026-03-02T09:00:00.000Z',
    related: [],
    ...overrides,
  };
}

/** One article as the administrators' calls answer it. */
export function anAdminArticle(overrides: Partial<AdminArticle> = {}): AdminArticle {
  made += 1;
  const body = overrides.body ?? '## What it is\n\nYour pulse is your **heart rate**.';
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    slug: `article-${made}`,
    title: `Article number ${made}`,
    summary: 'A short summary of what the article explains, in one sentence.',
    body,
    coverImage: '/education/pulse.svg',
    tags: ['pulse', 'measures'],
    sources: [{ name: 'NHS: Pulse', url: 'https://www.nhs.uk/pulse' }],
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    readingMinutes: readingMinutes(body),
    ...overrides,
  };
}

function paramOf(request: FakeRequest, name: string): string {
  const value = request.params[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The public list, as the server answers it: `q` matches words of the title or summary, `tag`
 * keeps the cards with that tag, and pages of `limit` follow a cursor that is the next index.
 */
export function serveArticleList(cards: ArticleCard[]) {
  fakeApi.on('GET', educationPaths.articles, (request) => {
    const q = paramOf(request, 'q').toLowerCase();
    const tag = paramOf(request, 'tag');
    const limit = Number(request.params.limit ?? 12);
    const start = Number(paramOf(request, 'cursor') || 0);
    const matching = cards.filter(
      (card) =>
        (!q || `${card.title} ${card.summary}`.toLowerCase().includes(q)) &&
        (!tag || card.tags.includes(tag)),
    );
    const items = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return { status: 200, body: { items, nextCursor: next } };
  });
}

export function serveArticle(article: Article) {
  fakeApi.on('GET', articlePath(article.slug), { status: 200, body: article });
}

/** The administrators' calls for one saved article: read, replace, publish, unpublish, delete. */
export function serveAdminArticle(initial: AdminArticle) {
  let saved = initial;
  const path = adminArticlePath(initial.id);
  fakeApi.on('GET', path, () => ({ status: 200, body: saved }));
  fakeApi.on('PUT', path, (request) => {
    const body = request.body as Partial<AdminArticle>;
    saved = { ...saved, ...body, updatedAt: '2026-03-05T10:00:00.000Z' };
    return { status: 200, body: saved };
  });
  fakeApi.on('POST', `${path}/publish`, () => {
    saved = {
      ...saved,
      status: 'published',
      publishedAt: saved.publishedAt ?? '2026-03-05T10:00:00.000Z',
    };
    return { status: 200, body: saved };
  });
  fakeApi.on('POST', `${path}/unpublish`, () => {
    saved = { ...saved, status: 'draft' };
    return { status: 200, body: saved };
  });
  fakeApi.on('DELETE', path, { status: 204 });
  return { current: () => saved };
}
