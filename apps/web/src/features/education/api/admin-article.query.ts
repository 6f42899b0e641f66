import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminArticle, adminArticlePath, type AdminArticle } from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { educationQueryKeys } from './education-query-keys';

export async function fetchAdminArticle(id: string): Promise<AdminArticle> {
  const { data } = await apiClient.get(adminArticlePath(id));
  return adminArticle.parse(data);
}

export function adminArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: educationQueryKeys.adminArticle(id),
    queryFn: () => fetchAdminArticle(id),
    // The editor's form starts from this answer; a refetch behind a half-edited form would only
    // confuse, and every change made here writes the saved article back.
    staleTime: Infinity,
  });
}

/** One article as written, draft or published (ADMIN only). */
export function useAdminArticle(id: string) {
  return useQuery(adminArticleQueryOptions(id));
}
