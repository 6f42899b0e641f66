// Valid-request hints of the articles: unique slugs, sources and covers, pages no longer than the
// contract allows, and ids and slugs of articles the run has made and published.
import fc from 'fast-check';
import { articleLimits, STOCK_COVERS, stockCoverPath } from '@vitalia/api/education.contract';
import {
  chosen,
  noCursor,
  uploadedName,
  type OperationHint,
  type Run,
  type ValidPlan,
} from './valid-plan.ts';
import { plainText } from './valid-values.ts';

const articleBody = (schemaValid: Record<string, unknown>) =>
  fc
    .record({
      slug: fc.uuid({ version: 4 }).map((id) => `fuzz-${id}`),
      body: plainText(1, 200),
      sources: fc.array(
        fc.record({
          name: plainText(1, 40),
          url: plainText(1, 20).map((path) => `https://example.org/${path}`),
        }),
        { maxLength: 3 },
      ),
      coverImage: fc.option(fc.constantFrom(...STOCK_COVERS).map(stockCoverPath)),
    })
    .map((fields) => ({ ...schemaValid, ...fields }));

/** Pages of articles are at most `articleLimits.page.max` long, which the document leaves out. */
const articlePage: OperationHint = {
  prepare: async (plan, run) => {
    await noCursor.prepare!(plan, run, undefined);
    if (plan.query.limit !== undefined) {
      plan.query.limit = String(1 + (Number(plan.query.limit) % articleLimits.page.max));
    }
  },
};

async function anArticle(plan: ValidPlan, run: Run) {
  await run.need('article');
  plan.pathParams.id = chosen(run.rows.articles, plan.pick)!;
}

export const educationHints: Record<string, OperationHint> = {
  'GET /api/v1/education/articles': articlePage,
  'GET /api/v1/education/admin/articles': articlePage,
  'GET /api/v1/education/articles/{slug}': {
    prepare: async (plan, run) => {
      await run.need('published');
      plan.pathParams.slug = chosen([...run.rows.published.values()], plan.pick)!;
    },
  },
  'POST /api/v1/education/admin/articles': {
    body: articleBody,
    remember: (answer, rows) => {
      if (typeof answer.id === 'string') rows.articles.push(answer.id);
    },
  },
  'GET /api/v1/education/admin/articles/{id}': { prepare: anArticle },
  'PUT /api/v1/education/admin/articles/{id}': {
    body: articleBody,
    prepare: anArticle,
    remember: (answer, rows) => {
      const id = String(answer.id);
      if (rows.published.has(id)) rows.published.set(id, String(answer.slug));
      // A new cover replaces the uploaded one, whose file is then gone.
      if (!uploadedName(answer.coverImage, '/uploads/covers/')) rows.covers.delete(id);
    },
  },
  'DELETE /api/v1/education/admin/articles/{id}': {
    prepare: async (plan, run) => {
      await run.need('article');
      const [id] = run.rows.articles.splice(plan.pick % run.rows.articles.length, 1);
      run.rows.published.delete(id!);
      run.rows.covers.delete(id!);
      plan.pathParams.id = id!;
    },
  },
  'POST /api/v1/education/admin/articles/{id}/publish': {
    prepare: anArticle,
    remember: (answer, rows) => {
      rows.published.set(String(answer.id), String(answer.slug));
    },
  },
  'POST /api/v1/education/admin/articles/{id}/unpublish': {
    prepare: anArticle,
    remember: (answer, rows) => {
      rows.published.delete(String(answer.id));
    },
  },
  'POST /api/v1/education/admin/articles/{id}/cover': {
    caller: 'fresh admin',
    bodyType: 'multipart',
    prepare: anArticle,
    remember: (answer, rows) => {
      const name = uploadedName(answer.coverImage, '/uploads/covers/');
      if (name) rows.covers.set(String(answer.id), name);
    },
  },
  'GET /uploads/covers/{name}': {
    prepare: async (plan, run) => {
      await run.need('cover');
      plan.pathParams.name = chosen([...run.rows.covers.values()], plan.pick)!;
    },
  },
};
