import type { Colour } from '@vitalia/health/band.model';

export type ReadingColour = Colour;

export interface ReadingColourTokens {
  /** What the colour means, for legends and screen readers. */
  meaning: string;
  /** Text on `background`; every pair clears WCAG AA's 4.5:1. */
  text: string;
  background: string;
  /** Icons, chart lines and outlines; at least 3:1 against `background` and white. */
  main: string;
}

// docs/clinical-reference.md: green within range, yellow borderline or invalid, red out of range,
// grey without a reading. Tinted backgrounds with dark text read better than white text on
// amber, which no amber passes AA with.
export const readingColours: Readonly<Record<ReadingColour, ReadingColourTokens>> = {
  green: { meaning: 'In range', text: '#1b5e20', background: '#e8f5e9', main: '#2e7d32' },
  yellow: { meaning: 'Borderline', text: '#6b4400', background: '#fff4d6', main: '#b26a00' },
  red: { meaning: 'Out of range', text: '#a4161a', background: '#fdecea', main: '#c62828' },
  grey: { meaning: 'No reading', text: '#455a64', background: '#eceff1', main: '#607d8b' },
};
