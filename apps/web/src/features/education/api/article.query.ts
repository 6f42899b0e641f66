import { queryOptions, useQuery } from '@tanstack/react-query';
import { article, articlePath, type Article } from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { educationQueryKeys } from './education-query-keys';

export async function fetchArticle(slug: string): Promise<Article> {
  const { data } = await apiClient.get(articlePath(slug));
  return article.parse(data);
}

export function articleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: educationQueryKeys.article(slug),
    queryFn: () => fetchArticle(slug),
  });
}

/** One article by its address; an administrator's session also reads drafts, to preview them. */
export function useArticle(slug: string) {
  return useQuery(articleQueryOptions(slug));
}
