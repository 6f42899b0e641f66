import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is shown. The server says so too
 * (X-Robots-Tag); this covers a copy of the page saved or served some other way.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
