import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminArticle, adminCoverPath, type AdminArticle } from '@vitalia/api/education.contract';
import { apiClient } from '../../../lib/api-client';
import { articleChanged } from './article-saved';

export interface UploadCoverCall {
  id: string;
  file: File;
}

export async function uploadCover({ id, file }: UploadCoverCall): Promise<AdminArticle> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiClient.post(adminCoverPath(id), body);
  return adminArticle.parse(data);
}

/** Uploads a cover for one article; the server re-encodes it and sets it at once (ADMIN only). */
export function useUploadCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCover,
    onSuccess: (saved) => articleChanged(queryClient, saved),
  });
}
