import createCache, { type EmotionCache } from '@emotion/cache';

// One key for the styles written into the pre-rendered pages and for the browser's cache: the
// browser's emotion then finds the pages' <style data-emotion="vt ..."> tags, takes their rules as
// already inserted and writes none of them twice (docs/decisions/0036-prerendered-public-pages.md).
export const emotionCacheKey = 'vt';

/** A fresh cache: one per page rendered at build time, one for the browser. */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: emotionCacheKey });
}
