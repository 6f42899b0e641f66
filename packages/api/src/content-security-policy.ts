// The one Content-Security-Policy: the server sends it with every answer, and Vite's preview
// server sends it too, so a build that would break under it (an inline script, a font from another
// host) shows up before deployment. Scripts only from our own origin (the built app has no inline
// script, and no inline handlers); styles allow 'unsafe-inline' because MUI's emotion writes
// <style> tags at run time.
// The service worker (worker-src falls back to script-src) and the web app manifest (manifest-src
// to default-src) come from our origin as well, so need no directive of their own
// (docs/decisions/0034-installable-app.md).

export const contentSecurityDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

/** The policy as the header's value, written as helmet writes it on the server. */
export function contentSecurityPolicy(): string {
  return Object.entries(contentSecurityDirectives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';');
}
