import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { articlePage, educationPaths, type ArticlePage } from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { educationQueryKeys } from './education-query-keys';

/** Cards per page: four rows of three on a wide screen. */
export const articlePageSize = 12;

export async function fetchArticlePage(
  q: string,
  tag: string,
  cursor: string | undefined,
): Promise<ArticlePage> {
  const { data } = await apiClient.get(educationPaths.articles, {
    params: { q: q || undefined, tag: tag || undefined, limit: articlePageSize, cursor },
  });
  return articlePage.parse(data);
}

export function articlesQueryOptions(q: string, tag: string) {
  return infiniteQueryOptions({
    queryKey: educationQueryKeys.articles(q, tag),
    queryFn: ({ pageParam }) => fetchArticlePage(q, tag, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Published articles matching the words `q` and the tag, best match first, a page at a time. */
export function useArticles(q: string, tag: string) {
  return useInfiniteQuery(articlesQueryOptions(q, tag));
}
