import type { DemoContentStep } from './db/demo-content.ts';
import { educationDemoContent } from './features/education/education.demo-content.ts';
import { storeCatalogueStep } from './features/store/demo-catalogue.ts';

/**
 * The demo content loaded once on a new database, in order. Features add their steps here (the
 * store's catalogue, the education articles) as they arrive.
 */
export const demoContentSteps: DemoContentStep[] = [storeCatalogueStep, educationDemoContent];
