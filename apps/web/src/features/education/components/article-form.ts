// The article editor's form: what it holds, where it starts, and the tags it offers.
import type { UseFormReturn } from 'react-hook-form';
import {
  RISK_SLUGS,
  type AdminArticle,
  type ArticleFields,
  type ArticleRequest,
} from '@vitalia/api/education.contract';
import { MEASURES } from '@vitalia/health/measure.catalog';

/** The editor's form: what the contract accepts. */
export type ArticleFormValues = ArticleRequest;

/** The editor's react-hook-form, handed to the sections that draw its fields. */
export type ArticleForm = UseFormReturn<ArticleFormValues, unknown, ArticleFields>;

/** The tags other screens link by (docs/decisions/0014-education.md), offered first; any other may be typed. */
export const suggestedTags = [
  'measures',
  'risks',
  ...Object.values(MEASURES).map((measure) => measure.slug),
  ...RISK_SLUGS,
  'heart',
  'lungs',
  'diabetes',
  'mental-health',
  'medicines',
  'screening',
];

export function valuesOf(article: AdminArticle | null): ArticleFormValues {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    summary: article?.summary ?? '',
    tags: article?.tags ?? [],
    sources: article?.sources.map((source) => ({ ...source })) ?? [],
    body: article?.body ?? '',
    coverImage: article?.coverImage ?? null,
  };
}

/** The message of a field's error, whether the field is a value or a list of values. */
export function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  if (Array.isArray(error)) return error.map(messageOf).find(Boolean);
  return undefined;
}
