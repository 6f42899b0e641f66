// Turning what a person typed (or what the wire carried) into a number, without ever throwing.

// No reading a person types is longer than this; refusing longer text early also keeps a
// pasted megabyte from reaching the pattern below.
const MAX_READING_LENGTH = 32;

// Plain decimal notation with an optional exponent. Deliberately stricter than Number():
// Number('') is 0, Number('0x1f') is 31 and Number('Infinity') is Infinity, none of which is a
// reading. Commas are refused rather than guessed: '1,200' could mean 1200 or 1.2.
const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number from a number or numeric text, or null for anything else ('12abc', '1e400', {}). */
export function parseReading(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? withoutNegativeZero(input) : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_READING_LENGTH || !DECIMAL_NUMBER.test(text)) {
    return null;
  }
  const value = Number(text);
  return Number.isFinite(value) ? withoutNegativeZero(value) : null;
}

/**
 * Rounds half away from zero to `decimals` places, treating the number as the decimal the person
 * typed: 37.05 is stored as 37.04999…, yet a person who typed 37.05 expects 37.1.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = value * factor;
  if (!Number.isFinite(scaled)) return value;
  // Fifteen significant digits are what a double holds faithfully; cutting there drops the
  // binary noise of the multiplication (370.49999999999994 becomes 370.5).
  const cleaned = Number(scaled.toPrecision(15));
  const rounded = (Math.sign(cleaned) * Math.round(Math.abs(cleaned))) / factor;
  return withoutNegativeZero(rounded);
}

/** The shortest text for a number, as shown back to the person ('98', '94.5'). */
export function formatNumber(value: number): string {
  return String(withoutNegativeZero(value));
}

const MAX_ECHO_LENGTH = 40;

/**
 * What the person gave, for showing back beside an 'invalid' result: trimmed text (shortened when
 * long), a number as text, or null when there was nothing a person could have typed.
 */
export function givenText(input: unknown): string | null {
  if (typeof input === 'number') return String(input);
  if (typeof input !== 'string') return null;
  const text = input.trim();
  return text.length > MAX_ECHO_LENGTH ? `${text.slice(0, MAX_ECHO_LENGTH)}…` : text;
}

function withoutNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}
