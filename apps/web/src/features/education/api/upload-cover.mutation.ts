import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminArticle,
  adminCoverPath,
  articleCoverLimits,
  type AdminArticle,
} from '@vitalia/api/education.contract';
import { megabytes } from '../../../lib/file-size';
import { apiClient } from '../../../lib/api-client';
import { articleChanged } from './article-saved';

/** Why a chosen file cannot be a cover, or undefined when it may be; checked here only to answer sooner. */
export function coverProblem(file: File): string | undefined {
  if (!(articleCoverLimits.types as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP image.';
  }
  if (file.size > articleCoverLimits.bytes) {
    return `Choose an image of ${megabytes(articleCoverLimits.bytes)} MB or less.`;
  }
  return undefined;
}

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
