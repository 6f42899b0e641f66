// Where the generated clinical reference lives in the repository.
import { fileURLToPath } from 'node:url';

export const CLINICAL_REFERENCE_FILE = fileURLToPath(
  new URL('../../../docs/clinical-reference.md', import.meta.url),
);
