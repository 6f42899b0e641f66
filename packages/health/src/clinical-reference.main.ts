// npm run docs:clinical: writes docs/clinical-reference.md from the interpreter's data.
import fs from 'node:fs';
import { CLINICAL_REFERENCE_FILE } from './clinical-reference.file.ts';
import { renderClinicalReference } from './clinical-reference.render.ts';

fs.writeFileSync(CLINICAL_REFERENCE_FILE, renderClinicalReference());
console.log(`Wrote ${CLINICAL_REFERENCE_FILE}`);
