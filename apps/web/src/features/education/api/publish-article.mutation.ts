import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminArticle,
  adminPublishPath,
  adminUnpublishPath,
  type AdminArticle,
} from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { articleChanged } from './article-saved';

export interface PublishCall {
  id: string;
  /** True publishes (readers see it at once); false takes it back to a draft. */
  publish: boolean;
}

export async function setPublished({ id, publish }: PublishCall): Promise<AdminArticle> {
  const { data } = await apiClient.post(publish ? adminPublishPath(id) : adminUnpublishPath(id));
  return adminArticle.parse(data);
}

/** Publishes or unpublishes an article (ADMIN only). */
export function useSetPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPublished,
    onSuccess: (saved) => articleChanged(queryClient, saved),
  });
}
