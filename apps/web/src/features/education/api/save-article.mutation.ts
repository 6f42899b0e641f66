import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminArticle,
  adminArticlePath,
  articleRequest,
  educationPaths,
  type AdminArticle,
  type ArticleRequest,
} from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { articleChanged } from './article-saved';

export interface SaveArticleCall {
  /** Absent for a new article, which the server keeps as a draft. */
  id?: string | undefined;
  request: ArticleRequest;
}

export async function saveArticle({ id, request }: SaveArticleCall): Promise<AdminArticle> {
  const body = articleRequest.parse(request);
  const { data } = id
    ? await apiClient.put(adminArticlePath(id), body)
    : await apiClient.post(educationPaths.adminArticles, body);
  return adminArticle.parse(data);
}

/** Writes a new draft or replaces an article's text (ADMIN only). */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: (saved) => articleChanged(queryClient, saved),
  });
}
