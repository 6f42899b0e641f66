/**
 * A redirect query value is only followed when it names a page of this app. Anything else
 * (another site, a protocol-relative `//host` or a `/\host` that browsers treat the same way)
 * falls back, so a crafted sign-in link cannot send someone elsewhere after they sign in.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
