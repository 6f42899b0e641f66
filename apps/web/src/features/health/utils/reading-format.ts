// A stored reading as people read it: '120/80 mmHg', '5.5 mmol/L', 'Happy'.
import type { HealthReading } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { parseReading } from '@vitalia/health/reading.parse';
import { sugarContextFromNarration } from '@vitalia/health/sugar.measure';
import { displayNumber, unitChoiceOf, type DisplayUnit } from './display-units';

export interface ShownReading {
  /** The number(s) or word: '97', '120/80', '92/88', 'Very Sad'. */
  value: string;
  /** The unit after the value; null for mood. */
  unit: string | null;
  /** What the numbers are, when there are two: 'systolic/diastolic'. */
  parts: string | null;
}

type ReadingValues = Pick<HealthReading, 'tagValue' | 'minTagValue'>;

function number(measure: MeasureId, text: string | null, unit: DisplayUnit | null): string {
  const value = parseReading(text);
  return value === null ? (text ?? '') : displayNumber(measure, value, unit);
}

export function showReading(
  measure: MeasureId,
  reading: ReadingValues,
  unit: DisplayUnit | null = null,
): ShownReading {
  switch (measure) {
    case 'mood':
      return { value: reading.tagValue, unit: null, parts: null };
    case 'bloodPressure':
      return {
        value: `${reading.tagValue}/${reading.minTagValue ?? '?'}`,
        unit: 'mmHg',
        parts: 'systolic/diastolic',
      };
    case 'breathing':
      // FEV1 is stored as the second value of a FEV2 reading; people read FEV1 first.
      return {
        value: `${reading.minTagValue ?? '?'}/${reading.tagValue}`,
        unit: '% of predicted',
        parts: 'FEV1/FEV2',
      };
    default: {
      const choice = unitChoiceOf(measure);
      return {
        value: number(measure, reading.tagValue, unit),
        unit: choice ? (unit ?? choice.canonical) : MEASURES[measure].unit,
        parts: null,
      };
    }
  }
}

/** '120/80 mmHg', '5.5 mmol/L', '92/88 % of predicted', 'Happy'. */
export function readingText(
  measure: MeasureId,
  reading: ReadingValues,
  unit: DisplayUnit | null = null,
): string {
  const shown = showReading(measure, reading, unit);
  return shown.unit ? `${shown.value} ${shown.unit}` : shown.value;
}

/** What a blood sugar reading was taken after: 'Fasting, no diabetes'. Null for other measures. */
export function readingContext(measure: MeasureId, narration: string | null): string | null {
  if (measure !== 'sugar') return null;
  const context = sugarContextFromNarration(narration);
  return `${context.hadMeal ? 'After a meal' : 'Fasting'}, ${context.hadDiabetics ? 'with diabetes' : 'no diabetes'}`;
}
