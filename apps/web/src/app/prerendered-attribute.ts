// Apart from first-paint.ts, which imports the app's paths, so that src/boot.ts can read it
// without loading the first screen's chunk (vite.config.ts keeps this module in boot's).

/** The attribute on #root naming the path a page was pre-rendered for. */
export const prerenderedAttribute = 'data-prerendered';
