import { demoContentLoads } from './schema/demo-content.table.ts';
import type { Database } from './database.ts';

/** A named piece of demo content (the catalogue, the articles) that a feature contributes. */
export interface DemoContentStep {
  name: string;
  load(tx: Database): Promise<void>;
}

/**
 * Loads each step once per database. The marker row is inserted in the step's own transaction:
 * a second process starting at the same moment waits on the row's key, then finds it taken and
 * skips, so content is never loaded twice and never half-loaded.
 */
export async function loadDemoContent(db: Database, steps: DemoContentStep[]): Promise<string[]> {
  const loaded: string[] = [];
  for (const step of steps) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(demoContentLoads)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: demoContentLoads.name });
      if (claimed.length === 0) return;
      await step.load(tx as unknown as Database);
      loaded.push(step.name);
    });
  }
  return loaded;
}
