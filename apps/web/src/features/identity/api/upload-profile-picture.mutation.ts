import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityPaths, profileResponse, type Profile } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

/** What the server accepts (docs/decisions/0021-security-hardening.md); checked here only to answer sooner. */
export const pictureRules = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
} as const;

/** Why a chosen file cannot be uploaded, or undefined when it may be. */
export function pictureProblem(file: File): string | undefined {
  if (!(pictureRules.types as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP picture.';
  }
  if (file.size > pictureRules.maxBytes) return 'Choose a picture of 2 MB or less.';
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
