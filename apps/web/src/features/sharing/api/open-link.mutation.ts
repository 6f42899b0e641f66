import { useMutation } from '@tanstack/react-query';
import { linkView, sharingPaths, type LinkView } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';
import { forgetPass, keepPass } from '../utils/link-pass';

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

/** A link that has ended, expired or been locked: the tab forgets its pass. */
function forgetEnded(error: unknown) {
  if (httpStatusOf(error) === 404) forgetPass();
}

/**
 * Opens a link for a visit with its token, and its code when it has one; the tab keeps the pass
 * the server answers, for a reload.
 */
export function useOpenLink() {
  return useMutation({
    mutationFn: openLink,
    onSuccess: (view) => keepPass(view.pass),
    onError: forgetEnded,
  });
}

export async function reopenLink(pass: string): Promise<LinkView> {
  const { data } = await apiClient.post(sharingPaths.reopenLink, { pass }, { sessionless: true });
  return linkView.parse(data);
}

/** Opens the link this tab opened before, with its pass: a reload, without the token or code. */
export function useReopenLink() {
  return useMutation({
    mutationFn: reopenLink,
    onSuccess: (view) => keepPass(view.pass),
    onError: forgetEnded,
  });
}
