/**
 * The identity calls' schemas, loaded when first needed: zod and the schemas are about a fifth of
 * the sign-in page's script evaluation on a slow phone, and the page needs them only once the form
 * is used (docs/decisions/0038-zod-after-the-first-screen.md). The paths and constants are in
 * `@vitalia/api/identity.paths`, which needs no zod.
 */
export function identityContract() {
  return import('@vitalia/api/identity.contract');
}
