// The education calls (docs/decisions/0014-education.md): published health articles, listed a page at a
// time with full-text search and a tag filter, read one by one; administrators write, edit,
// publish and unpublish them. Tags are shared with the rest of the app: each measure's web slug
// and each assessment risk's slug tag the article about it, so other screens can link by tag.
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { queryInteger } from './query-params.ts';
import { z } from './zod.ts';

export const educationPaths = {
  articles: '/api/v1/education/articles',
  article: '/api/v1/education/articles/:slug',
  adminArticles: '/api/v1/education/admin/articles',
  adminArticle: '/api/v1/education/admin/articles/:id',
  adminPublish: '/api/v1/education/admin/articles/:id/publish',
  adminUnpublish: '/api/v1/education/admin/articles/:id/unpublish',
  adminCover: '/api/v1/education/admin/articles/:id/cover',
} as const;

/** Where uploaded cover images are served from; the file name is made by the server. */
export const coverImagePrefix = '/uploads/covers/';

/** What an article cover upload may be: the web checks it before sending, the server enforces it. */
export const articleCoverLimits = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  bytes: 5 * 1024 * 1024,
} as const;

/** The illustrations shipped with the web app (apps/web/public/education/), by name. */
export const STOCK_COVERS = [
  'oxygen',
  'blood-sugar',
  'bmi',
  'mood',
  'pulse',
  'blood-pressure',
  'breathing',
  'temperature',
  'cholesterol',
  'smoking',
  'recreational-drugs',
  'self-medication',
  'alcohol',
  'herbal-concoctions',
  'illness',
  'cancer',
] as const;
export type StockCover = (typeof STOCK_COVERS)[number];

export function stockCoverPath(name: StockCover): string {
  return `/education/${name}.svg`;
}

function pathWithParams(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const articlePath = (slug: string) => pathWithParams(educationPaths.article, { slug });
export const adminArticlePath = (id: string) => pathWithParams(educationPaths.adminArticle, { id });
export const adminPublishPath = (id: string) => pathWithParams(educationPaths.adminPublish, { id });
export const adminUnpublishPath = (id: string) =>
  pathWithParams(educationPaths.adminUnpublish, { id });
export const adminCoverPath = (id: string) => pathWithParams(educationPaths.adminCover, { id });

/** A query string of the values given, in a stable order; empty values are left out. */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface ArticleListParams {
  q?: string | undefined;
  tag?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const articlesUrl = (params: ArticleListParams = {}) =>
  withQuery(educationPaths.articles, {
    q: params.q,
    tag: params.tag,
    cursor: params.cursor,
    limit: params.limit,
  });

export const adminArticlesUrl = (params: ArticleListParams & { status?: ArticleStatus } = {}) =>
  withQuery(educationPaths.adminArticles, {
    q: params.q,
    tag: params.tag,
    status: params.status,
    cursor: params.cursor,
    limit: params.limit,
  });

// ---- The links other screens follow -------------------------------------------------------

/** The slug of the article about each measure (the seeded articles carry these slugs). */
export const MEASURE_ARTICLE_SLUGS = Object.fromEntries(
  MEASURE_IDS.map((id) => [id, MEASURES[id].articleSlug]),
) as Readonly<Record<MeasureId, string>>;

/** The article about a measure, by the measure's web slug (/healths/{slug}); undefined if none. */
export function articleSlugForMeasureSlug(measureSlug: string): string | undefined {
  const entry = Object.values(MEASURES).find((measure) => measure.slug === measureSlug);
  return entry ? MEASURE_ARTICLE_SLUGS[entry.id] : undefined;
}

/** The risks the assessment asks about, by the slug that tags their article. */
export const RISK_SLUGS = [
  'smoking',
  'recreational-drugs',
  'self-medication',
  'alcohol',
  'herbal-concoctions',
  'illness',
  'cancer',
] as const;
export type RiskSlug = (typeof RISK_SLUGS)[number];

export const RISK_ARTICLE_SLUGS: Readonly<Record<RiskSlug, string>> = {
  smoking: 'smoking',
  'recreational-drugs': 'recreational-drugs',
  'self-medication': 'self-medication',
  alcohol: 'alcohol',
  'herbal-concoctions': 'herbal-concoctions',
  illness: 'living-with-an-existing-illness',
  cancer: 'cancer-risk',
};

/** The risk each answer of the assessment (its camelCase answer names) is about. */
export const ASSESSMENT_RISKS = {
  smoke: 'smoking',
  recreationalDrugs: 'recreational-drugs',
  selfMedicate: 'self-medication',
  alcohol: 'alcohol',
  herbalConcotion: 'herbal-concoctions',
  illness: 'illness',
  cancer: 'cancer',
} as const satisfies Record<string, RiskSlug>;

// ---- Shapes --------------------------------------------------------------------------------

export const articleStatuses = ['draft', 'published'] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export const articleLimits = {
  slug: { min: 3, max: 80 },
  title: { min: 3, max: 160 },
  summary: { min: 10, max: 400 },
  body: { max: 100_000 },
  tags: { max: 10 },
  tag: { min: 2, max: 40 },
  sources: { max: 20 },
  sourceName: { max: 200 },
  url: { max: 2000 },
  query: { max: 200 },
  page: { default: 12, max: 50 },
  related: 3,
  wordsPerMinute: 200,
} as const;

/** Minutes a reader needs for a markdown body, at about 200 words a minute; never less than 1. */
export function readingMinutes(body: string): number {
  const words = body.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / articleLimits.wordsPerMinute));
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const articleSlug = z
  .string()
  .trim()
  .min(articleLimits.slug.min)
  .max(articleLimits.slug.max)
  .regex(
    slugPattern,
    'must be lowercase letters and digits in words joined by single hyphens, such as checking-your-pulse',
  );

export const articleTag = z
  .string()
  .trim()
  .toLowerCase()
  .min(articleLimits.tag.min)
  .max(articleLimits.tag.max)
  .regex(
    slugPattern,
    'must be lowercase letters and digits joined by hyphens, such as blood-sugar',
  );

const text = (limits: { min: number; max: number }) =>
  z.string().trim().min(limits.min).max(limits.max);

/** A public source an article draws on: the organisation's page, by name and address. */
export const articleSource = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(articleLimits.sourceName.max)
      .refine((value) => !value.includes('|'), 'must not contain the character |'),
    url: z
      .string()
      .trim()
      .max(articleLimits.url.max)
      .pipe(
        z.url({
          protocol: /^https?$/,
          error: 'must be a web address starting with https:// or http://',
        }),
      ),
  })
  .meta({ id: 'ArticleSource' });
export type ArticleSource = z.infer<typeof articleSource>;

const stockCoverPattern = new RegExp(`^/education/(${STOCK_COVERS.join('|')})\\.svg$`);
const uploadedCoverPattern = /^\/uploads\/covers\/[0-9a-f-]{36}\.webp$/;

export function isUploadedCover(path: string | null | undefined): path is string {
  return typeof path === 'string' && uploadedCoverPattern.test(path);
}

/** A cover the article may point at: a shipped illustration, or the cover uploaded for it. */
export const coverImage = z
  .string()
  .trim()
  .refine(
    (value) => stockCoverPattern.test(value) || uploadedCoverPattern.test(value),
    `must be one of the illustrations (such as ${stockCoverPath('pulse')}) or a cover uploaded for this article`,
  );

/** What an administrator writes: the same body creates an article and replaces its text. */
export const articleRequest = z
  .strictObject({
    slug: articleSlug.describe('The address of the article: /education/{slug}. Unique.'),
    title: text(articleLimits.title),
    summary: text(articleLimits.summary).describe('One or two sentences, shown on the card.'),
    body: z
      .string()
      .max(articleLimits.body.max)
      .refine((value) => value.trim().length > 0, 'must not be empty')
      .describe('Markdown. Raw HTML is shown as text, never run.'),
    tags: z
      .array(articleTag)
      .max(articleLimits.tags.max)
      .transform((tags) => [...new Set(tags)])
      .describe(
        'Measure slugs (oxygen, blood-sugar, ...) and risk slugs (smoking, alcohol, ...) link the article to those screens.',
      ),
    sources: z.array(articleSource).max(articleLimits.sources.max),
    coverImage: coverImage
      .nullable()
      .optional()
      .describe(
        'Left out keeps the current cover; null removes it. An uploaded cover is set by the cover call.',
      ),
  })
  .meta({ id: 'ArticleRequest' });
export type ArticleRequest = z.input<typeof articleRequest>;
export type ArticleFields = z.output<typeof articleRequest>;

export const articleCard = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    coverImage: z.string().nullable(),
    tags: z.array(z.string()),
    publishedAt: z.string().nullable(),
    readingMinutes: z.number().int(),
  })
  .meta({ id: 'ArticleCard' });
export type ArticleCard = z.infer<typeof articleCard>;

export const articlePage = z
  .object({
    items: z.array(articleCard),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass it as cursor, with the same q and tag, for the next page; null on the last.'),
  })
  .meta({ id: 'ArticlePage' });
export type ArticlePage = z.infer<typeof articlePage>;

export const article = articleCard
  .extend({
    body: z.string().describe('Markdown; render it without raw HTML.'),
    sources: z.array(articleSource),
    status: z.enum(articleStatuses),
    updatedAt: z.string(),
    related: z
      .array(articleCard)
      .describe(`Up to ${articleLimits.related} published articles sharing the most tags.`),
  })
  .meta({ id: 'Article' });
export type Article = z.infer<typeof article>;

const pageLimit = queryInteger(1, articleLimits.page.max)
  .optional()
  .describe(
    `Articles per page: 1 to ${articleLimits.page.max}, ${articleLimits.page.default} by default.`,
  );

const cursor = z
  .string()
  .max(400)
  .optional()
  .describe('The nextCursor of the previous page, with the same filters.');

export const articleListQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .max(articleLimits.query.max)
    .optional()
    .describe(
      'Words to look for in titles, summaries and bodies (web-search syntax: "a phrase", -without, or). Results come best match first.',
    ),
  tag: articleTag.optional().describe('Only articles with this tag.'),
  limit: pageLimit,
  cursor,
});
export type ArticleListQuery = z.infer<typeof articleListQuery>;

export const articleSlugParams = z.strictObject({ slug: z.string().max(200) });

export const articleIdParams = z.strictObject({
  id: z.guid({ error: 'must be the id of an article, a UUID such as the one POST answered' }),
});

export const adminArticleListQuery = articleListQuery.extend({
  status: z.enum(articleStatuses).optional().describe('Only drafts, or only published articles.'),
});

export const adminArticle = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.string(),
    coverImage: z.string().nullable(),
    tags: z.array(z.string()),
    sources: z.array(articleSource),
    status: z.enum(articleStatuses),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    readingMinutes: z.number().int(),
  })
  .meta({ id: 'AdminArticle' });
export type AdminArticle = z.infer<typeof adminArticle>;

export const adminArticleSummary = adminArticle
  .omit({ body: true, sources: true })
  .meta({ id: 'AdminArticleSummary' });
export type AdminArticleSummary = z.infer<typeof adminArticleSummary>;

export const adminArticlePage = z
  .object({ items: z.array(adminArticleSummary), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminArticlePage' });
export type AdminArticlePage = z.infer<typeof adminArticlePage>;
