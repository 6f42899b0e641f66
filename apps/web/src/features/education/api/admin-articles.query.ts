import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  adminArticlePage,
  educationPaths,
  articleLimits,
  type AdminArticlePage,
  type ArticleStatus,
} from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { educationQueryKeys } from './education-query-keys';

export type StatusFilter = ArticleStatus | 'all';

export async function fetchAdminArticlePage(
  q: string,
  status: StatusFilter,
  cursor: string | undefined,
): Promise<AdminArticlePage> {
  const { data } = await apiClient.get(educationPaths.adminArticles, {
    params: {
      q: q || undefined,
      status: status === 'all' ? undefined : status,
      limit: articleLimits.page.max,
      cursor,
    },
  });
  return adminArticlePage.parse(data);
}

export function adminArticlesQueryOptions(q: string, status: StatusFilter) {
  return infiniteQueryOptions({
    queryKey: educationQueryKeys.adminArticles(q, status),
    queryFn: ({ pageParam }) => fetchAdminArticlePage(q, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every article, drafts included, most recently changed first (ADMIN only). */
export function useAdminArticles(q: string, status: StatusFilter) {
  return useInfiniteQuery(adminArticlesQueryOptions(q, status));
}
