/**
 * The cache entry of the signed-in person's profile (GET /api/v1/identity/profile). Several
 * features read the profile (identity edits it, health rates pulse and BMI with it) and features
 * do not import each other, so the key they share lives here: one cache entry, one fetch, and a
 * saved profile is seen everywhere at once.
 */
export const profileQueryKey = ['identity', 'profile'] as const;
