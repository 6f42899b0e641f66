import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  identityPaths,
  profilePictureLimits,
  profileResponse,
  type Profile,
} from '@vitalia/api/identity.contract';
import { megabytes } from '../../../lib/file-size';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

/** Why a chosen file cannot be uploaded, or undefined when it may be; checked here only to answer sooner. */
export function pictureProblem(file: File): string | undefined {
  if (!(profilePictureLimits.types as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP picture.';
  }
  if (file.size > profilePictureLimits.bytes) {
    return `Choose a picture of ${megabytes(profilePictureLimits.bytes)} MB or less.`;
  }
  return undefined;
}

export async function uploadProfilePicture(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiClient.post(identityPaths.profilePicture, body);
  return profileResponse.parse(data);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
