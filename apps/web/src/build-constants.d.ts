// Constants the build writes into the app (apps/web/vite.config.ts, `define`).

/** Every measure's name, in the catalogue's order (packages/health/src/measure.catalog.ts). */
declare const __MEASURE_NAMES__: readonly string[];
