import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { importBoundaries } from './import-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const root = '/repo';
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const at = (file, code) => ({ code, filename: path.join(root, file), options: [{ root }] });
const refused = (file, code, message) => ({ ...at(file, code), errors: [{ message }] });

tester.run('import-boundaries', importBoundaries, {
  valid: [
    at('apps/server/src/features/identity/a.ts', "import x from './b.ts';"),
    at('apps/server/src/features/identity/a.ts', "import x from '../../plugins/errors.ts';"),
    at('apps/web/src/features/store/routes/a.tsx', "import x from '../api/cart.ts';"),
    at('apps/web/src/app/router.tsx', "const m = import('../features/store/routes/a');"),
    at('packages/api/src/a.ts', "import x from '@vitalia/health/analysis';"),
    at('packages/health/src/a.ts', "import fc from 'fast-check';"),
    at(
      'apps/server/src/features/records/a.ts',
      "import x from '../../readings/readings.queries.ts';",
    ),
    at('apps/web/src/features/health/a.tsx', "import x from '../../readings/reading-chart/chart';"),
    at(
      'apps/server/src/features/records/a.int.test.ts',
      "import { healthRecords } from '../../db/schema/records.table.ts';",
    ),
    at(
      'apps/server/src/readings/readings.queries.ts',
      "import { healthRecords } from '../db/schema/records.table.ts';",
    ),
  ],
  invalid: [
    refused(
      'apps/server/src/features/records/a.ts',
      "import x from '../identity/identity.service.ts';",
      'Features do not import each other (records -> identity); move what both need down a level.',
    ),
    refused(
      'apps/web/src/features/dashboard/routes/a.tsx',
      "export { y } from '../../health/api/x';",
      'Features do not import each other (dashboard -> health); move what both need down a level.',
    ),
    refused(
      'packages/api/src/a.ts',
      "import x from '../../../apps/server/src/app.ts';",
      'Packages never import apps: dependencies point apps -> packages.',
    ),
    refused(
      'packages/health/src/a.ts',
      "import x from '@vitalia/api/errors.schema';",
      'packages/health is the innermost layer; it does not know the wire contract.',
    ),
    refused(
      'apps/server/src/features/reminders/a.ts',
      "import { healthRecords } from '../../db/schema/records.table.ts';",
      'Readings are queried through apps/server/src/readings (readings.repository.ts, readings.queries.ts), not from a feature.',
    ),
    refused(
      'apps/web/src/readings/a.ts',
      "import x from '../features/health/api/x';",
      'The readings domain sits below the features and does not import them; move what it needs into it.',
    ),
  ],
});
