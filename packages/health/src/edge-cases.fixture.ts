// Rows for the band edge table tests: a value just under an edge, at it, and just over it, each
// with the label and colour decisions.md gives it. Expectations are written out by hand in each
// test file, never read from the tables under test.
import type { Colour } from './band.model.ts';
import { roundTo } from './reading.parse.ts';

export type Expected = readonly [label: string, colour: Colour];

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
