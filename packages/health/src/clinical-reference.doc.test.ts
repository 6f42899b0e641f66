import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLINICAL_REFERENCE_FILE } from './clinical-reference.file.ts';
import { renderClinicalReference } from './clinical-reference.render.ts';

describe('docs/clinical-reference.md', () => {
  it('is what the interpreter says today (run npm run docs:clinical after changing a band)', () => {
    const written = fs.existsSync(CLINICAL_REFERENCE_FILE)
      ? fs.readFileSync(CLINICAL_REFERENCE_FILE, 'utf8')
      : '';
    expect(written, 'docs/clinical-reference.md is out of date: run npm run docs:clinical').toBe(
      renderClinicalReference(),
    );
  });

  it('lists every band edge, urgency threshold and source the advice cites', () => {
    const text = renderClinicalReference();
    for (const expected of [
      '[54, 70)',
      '[250, inf)',
      '| 92 % or less |',
      '[50, 93)',
      'FEV1 under 50 % of predicted',
      'ADA Standards of Care in Diabetes 2025, section 6',
      '| 4.4 | 80 |',
      'Old after (days)',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
