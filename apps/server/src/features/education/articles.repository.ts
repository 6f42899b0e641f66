// Articles in the database. Search is PostgreSQL's own full-text search over the generated,
// weighted `search` column (title A, summary B, body C) with its GIN index; PGlite is the same
// engine, so the embedded database searches exactly as production does.
import { and, arrayContains, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { articleSearch } from './article-search.ts';
import type {
  AdminArticle,
  AdminArticleSummary,
  ArticleCard,
  ArticleFields,
  ArticleSource,
  ArticleStatus,
} from '@vitalia/api/education.contract';
import { articleLimits, readingMinutes } from '@vitalia/api/education.contract';
import type { Database } from '../../db/database.ts';
import { articles } from '../../db/schema/education.table.ts';
import type { ArticlePosition } from './article.cursor.ts';

export type ArticleRow = typeof articles.$inferSelect;

/** Sources are stored one per entry as "Name | URL" (education.table.ts). */
export function sourceToText(source: ArticleSource): string {
  return `${source.name} | ${source.url}`;
}

export function sourceFromText(text: string): ArticleSource {
  const split = text.lastIndexOf('|');
  if (split === -1) return { name: text.trim(), url: '' };
  return { name: text.slice(0, split).trim(), url: text.slice(split + 1).trim() };
}

export function toCard(row: ArticleRow): ArticleCard {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    coverImage: row.coverImage,
    tags: row.tags,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    readingMinutes: readingMinutes(row.body),
  };
}

export function toAdminSummary(row: ArticleRow): AdminArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    coverImage: row.coverImage,
    tags: row.tags,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: readingMinutes(row.body),
  };
}

export function toAdminArticle(row: ArticleRow): AdminArticle {
  return { ...toAdminSummary(row), body: row.body, sources: row.sources.map(sourceFromText) };
}

export interface ArticleFilter {
  q?: string | undefined;
  tag?: string | undefined;
  status?: ArticleStatus | undefined;
  after?: ArticlePosition | undefined;
  limit: number;
}

export interface ArticleRows {
  rows: ArticleRow[];
  /** Where the next page starts; null when this page is the last. */
  next: ArticlePosition | null;
}

/** A timestamp to the microsecond as ISO text: a JavaScript Date would round it to milliseconds. */
function exactInstant(column: SQL | typeof articles.publishedAt | typeof articles.updatedAt) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The fields an administrator writes, as columns. */
function columnsOf(fields: ArticleFields) {
  return {
    slug: fields.slug,
    title: fields.title,
    summary: fields.summary,
    body: fields.body,
    tags: fields.tags,
    sources: fields.sources.map(sourceToText),
  };
}

export interface NewArticle extends ArticleFields {
  status?: ArticleStatus;
  publishedAt?: Date | null;
  authorId?: string | null;
}

export class ArticlesRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of articles. Without `q`: newest first by `published_at` (public) or `updated_at`
   * (administrators, who also see drafts). With `q`: the articles matching most of its words
   * first (article-search.ts), then newest.
   */
  async page(filter: ArticleFilter, audience: 'public' | 'admin'): Promise<ArticleRows> {
    const timeColumn = audience === 'public' ? articles.publishedAt : articles.updatedAt;
    const conditions: SQL[] = [];
    if (audience === 'public') conditions.push(eq(articles.status, 'published'));
    else if (filter.status) conditions.push(eq(articles.status, filter.status));
    if (filter.tag) conditions.push(arrayContains(articles.tags, [filter.tag]));

    const search = filter.q ? articleSearch(articles.search, filter.q) : undefined;
    const rank = search?.rank;
    // A search with no word to look for ('-salt', '""') finds nothing rather than everything.
    if (filter.q) conditions.push(search ? search.match : sql`false`);

    const after = filter.after;
    if (after) {
      const position = sql`(${timeColumn}, ${articles.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
      conditions.push(
        rank && after.rank !== undefined
          ? sql`(${rank} < ${after.rank}::real or (${rank} = ${after.rank}::real and ${position}))`
          : position,
      );
    }

    const rows = await this.db
      .select({
        article: articles,
        at: exactInstant(timeColumn),
        rank: rank ? sql<string>`${rank}::text` : sql<null>`null`,
      })
      .from(articles)
      .where(and(...conditions))
      .orderBy(...(rank ? [desc(rank)] : []), sql`${timeColumn} desc nulls last`, desc(articles.id))
      .limit(filter.limit + 1);

    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    const next =
      rows.length > filter.limit && last
        ? { ...(last.rank === null ? {} : { rank: last.rank }), at: last.at, id: last.article.id }
        : null;
    return { rows: page.map((row) => row.article), next };
  }

  async bySlug(slug: string): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(articles).where(eq(articles.slug, slug));
    return row;
  }

  async byId(id: string): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(articles).where(eq(articles.id, id));
    return row;
  }

  /** Published articles sharing the most tags with this one, newest first among equals. */
  async related(row: ArticleRow): Promise<ArticleRow[]> {
    if (row.tags.length === 0) return [];
    // An ARRAY[...] of one parameter per tag: both drivers bind plain text parameters alike.
    const tags = sql`array[${sql.join(
      row.tags.map((tag) => sql`${tag}`),
      sql`, `,
    )}]::text[]`;
    const shared = sql<number>`cardinality(array(select unnest(${articles.tags}) intersect select unnest(${tags})))`;
    return this.db
      .select()
      .from(articles)
      .where(
        and(
          eq(articles.status, 'published'),
          ne(articles.id, row.id),
          sql`${articles.tags} && ${tags}`,
        ),
      )
      .orderBy(desc(shared), desc(articles.publishedAt), desc(articles.id))
      .limit(articleLimits.related);
  }

  /** The new article, or undefined when its slug is taken. */
  async insert(article: NewArticle): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .insert(articles)
      .values({
        ...columnsOf(article),
        coverImage: article.coverImage ?? null,
        status: article.status ?? 'draft',
        publishedAt: article.publishedAt ?? null,
        authorId: article.authorId ?? null,
      })
      .onConflictDoNothing({ target: articles.slug })
      .returning();
    return row;
  }

  /** Replaces the text of an article; `coverImage` undefined keeps the cover. */
  async update(id: string, fields: ArticleFields): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .update(articles)
      .set({
        ...columnsOf(fields),
        ...(fields.coverImage === undefined ? {} : { coverImage: fields.coverImage }),
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id))
      .returning();
    return row;
  }

  /** Publishing keeps the first publication date, so republishing does not jump the queue. */
  async setStatus(id: string, status: ArticleStatus): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .update(articles)
      .set({
        status,
        ...(status === 'published'
          ? { publishedAt: sql`coalesce(${articles.publishedAt}, now())` }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(articles.id, id))
      .returning();
    return row;
  }

  async setCover(id: string, coverImage: string | null): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .update(articles)
      .set({ coverImage, updatedAt: new Date() })
      .where(eq(articles.id, id))
      .returning();
    return row;
  }

  async remove(id: string): Promise<ArticleRow | undefined> {
    const [row] = await this.db.delete(articles).where(eq(articles.id, id)).returning();
    return row;
  }
}
