import { useMutation } from '@tanstack/react-query';
import { linkView, sharingPaths, type LinkView } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';

export interface OpenLinkCall {
  token: string;
  /** The 6 digits, once the server has asked for them. */
  code?: string;
}

export async function openLink(call: OpenLinkCall): Promise<LinkView> {
  // Sessionless: whoever opens a link may be signed in to Vitalia or not, and the link's 401
  // (a code is needed, or was wrong) says nothing about their session.
  const { data } = await apiClient.post(sharingPaths.openLink, call, { sessionless: true });
  return linkView.parse(data);
}

/** Opens a link for a visit with its token, and its code when it has one. */
export function useOpenLink() {
  return useMutation({ mutationFn: openLink });
}
