import { sql, type SQL } from 'drizzle-orm';
import {
  customType,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A health article, written in markdown. Only published ones are shown to people. */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    coverImage: text('cover_image'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The public sources the article draws on, one per line as "Name | URL". */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Full-text search over title (weighted most), summary and body, kept by PostgreSQL. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${articles.title}), 'A') || setweight(to_tsvector('english', ${articles.summary}), 'B') || setweight(to_tsvector('english', ${articles.body}), 'C')`,
      ),
  },
  (table) => [
    uniqueIndex('articles_slug_key').on(table.slug),
    index('articles_search_idx').using('gin', table.search),
    index('articles_tags_idx').using('gin', table.tags),
    index('articles_status_published_idx').on(table.status, sql`${table.publishedAt} desc`),
  ],
);
