import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

function tokenOf(hash: string): string | null {
  const fragment = hash.replace(/^#/, '').trim();
  try {
    return decodeURIComponent(fragment) || null;
  } catch {
    // Not percent-encoded as a browser writes it: the server judges the token as it came.
    return fragment || null;
  }
}

/**
 * The link's token, from the address's fragment (/shared#<token>), which browsers never send to a
 * server. Read once; then the fragment is replaced out of the address bar and the history entry,
 * so the secret is not left on screen or in the back button's list.
 */
export function useLinkToken(): string | null {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(hash));
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return token;
}
