// Rows for the band edge table tests: a value just under an edge, at it, and just over it, each
// with the label and colour docs/clinical-reference.md gives it, and the same for the urgency
// thresholds. Expectations are written out by hand in each test file, never read from the tables
// under test.
import { expect } from 'vitest';
import type { Urgency } from './analysis.model.ts';
import type { Colour } from './band.model.ts';
import { roundTo } from './reading.parse.ts';
import { SOURCES } from './source.catalog.ts';

export type Expected = readonly [label: string, colour: Colour];

/** What every interpreter answers for a value it cannot rate. */
export const INVALID: Expected = ['invalid, please re-enter', 'yellow'];

export interface EdgeRow {
  readonly value: number;
  readonly label: string;
  readonly colour: Colour;
}

export function row(value: number, [label, colour]: Expected): EdgeRow {
  return { value, label, colour };
}

/** Three rows for one edge: `edge - step`, `edge` and `edge + step`. */
export function aroundEdge(
  edge: number,
  step: number,
  under: Expected,
  at: Expected,
  over: Expected,
): EdgeRow[] {
  // Rounded so that 95 - 0.01 reads 94.99 in the test name, not 94.99000000000001.
  return [row(roundTo(edge - step, 6), under), row(edge, at), row(roundTo(edge + step, 6), over)];
}

/** The urgency a value should carry: 'now', 'today' or null. */
export type Level = Urgency | null;

export interface UrgencyRow {
  readonly value: number;
  readonly urgency: Level;
}

/** Three rows for one urgency threshold: `edge - step`, `edge` and `edge + step`. */
export function aroundThreshold(
  edge: number,
  step: number,
  under: Level,
  at: Level,
  over: Level,
): UrgencyRow[] {
  return [
    { value: roundTo(edge - step, 6), urgency: under },
    { value: edge, urgency: at },
    { value: roundTo(edge + step, 6), urgency: over },
  ];
}

const DOCUMENTS: readonly string[] = Object.values(SOURCES).map((source) => source.citation);

/**
 * The documents an advice text cites at its end: '(Source: <document>)' for one and
 * '(Sources: <a>; <b>)' for more. Fails the test when the advice does not end with such a
 * citation or names a document that is not in SOURCES.
 */
export function expectCitesDocuments(advice: string): string[] {
  const single = advice.lastIndexOf(' (Source: ');
  const several = advice.lastIndexOf(' (Sources: ');
  const start = Math.max(single, several);
  expect(start, `no citation at the end of: ${advice}`).toBeGreaterThan(0);
  expect(advice.endsWith(')'), advice).toBe(true);
  const prefix = start === single ? ' (Source: ' : ' (Sources: ';
  const documents = advice.slice(start + prefix.length, -1).split('; ');
  expect(documents.length > 1, `'${prefix.trim()}' for ${documents.length}`).toBe(
    prefix === ' (Sources: ',
  );
  for (const document of documents) expect(DOCUMENTS, advice).toContain(document);
  return documents;
}
