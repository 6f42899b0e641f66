// A stored reading as people read it: '120/80 mmHg', '5.5 mmol/L', 'Happy'.
import type { HealthReading } from '@vitalia/api/records.contract';
import { everyDigitTable, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { shownValue } from '@vitalia/health/analysis.model';
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

type ReadingValues = Pick<HealthReading, 'tagValue' | 'minTagValue'> &
  Partial<Pick<HealthReading, 'enteredValue' | 'enteredUnit'>>;

function number(measure: MeasureId, text: string | null, unit: DisplayUnit | null): string {
  const value = parseReading(text);
  if (value === null) return text ?? '';
  // A BMI from a weight is stored with every digit; shown cut as the interpreter shows it
  // (18.4977 as 18.4, never 18.5 beside 'Underweight').
  const cut = everyDigitTable(measure);
  if (cut) return shownValue(cut, value);
  return displayNumber(measure, value, unit);
}

/**
 * A value typed in the unit shown is shown as it was typed (docs/decisions/0019-clinical-safety.md): 4.4 mmol/L stays 4.4,
 * not the mg/dL it is stored as converted back. It gets the unit's usual decimals ('7' as '7.0')
 * unless it was typed with more.
 */
function typedNumber(measure: MeasureId, reading: ReadingValues, unit: DisplayUnit | null) {
  const choice = unitChoiceOf(measure);
  const typed = parseReading(reading.enteredValue);
  if (!choice || typed === null || unit === null || reading.enteredUnit !== unit) return null;
  const decimals =
    unit === choice.alternative ? choice.decimals.alternative : choice.decimals.canonical;
  const fixed = typed.toFixed(decimals);
  return Number(fixed) === typed ? fixed : (reading.enteredValue ?? fixed);
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
        value: typedNumber(measure, reading, unit) ?? number(measure, reading.tagValue, unit),
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

/** 'blood pressure' inside a sentence; names written in capitals ('BMI') stay as they are. */
export function nameInSentence(name: string): string {
  return name === name.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

/** A measure's name inside a sentence: 'oxygen saturation', 'BMI'. */
export function measureInSentence(measure: MeasureId): string {
  return nameInSentence(MEASURES[measure].displayName);
}
