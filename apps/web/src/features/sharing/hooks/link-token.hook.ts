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
 * server. The fragment is then replaced out of the address bar and the history entry, so the
 * secret is not left on screen or in the back button's list. Another link pasted into the same tab
 * changes only the fragment, with no new page: its token replaces the first one's.
 */
export function useLinkToken(): string | null {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => tokenOf(hash));
  useEffect(() => {
    if (!hash) return;
    const next = tokenOf(hash);
    if (next) setToken(next);
    void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return token;
}
