import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminArticlePath } from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { articleChanged } from './article-saved';

export async function deleteArticle(id: string): Promise<void> {
  await apiClient.delete(adminArticlePath(id));
}

/** Deletes an article and its uploaded cover for good (ADMIN only). */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: (_answer, id) => articleChanged(queryClient, { id, deleted: true }),
  });
}
