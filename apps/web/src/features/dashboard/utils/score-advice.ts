// What would raise the combined score: every measure that is not green, in catalogue order.
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';

/** 'blood pressure' inside a sentence; names written in capitals ('BMI') stay as they are. */
export function nameInSentence(name: string): string {
  return name === name.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

export interface ScoreStep {
  measure: MeasureId;
  /** Not yet recorded: a reading would add the point. */
  missing: boolean;
  /** The name inside a sentence, with the chip's label when out of range: 'temperature (High)'. */
  text: string;
}

/** One step per measure that does not yet add a point, in catalogue order. */
export function scoreSteps(analysis: AnalysisResponse): ScoreStep[] {
  return MEASURE_IDS.flatMap((measure): ScoreStep[] => {
    const rated = analysis.measures[measure];
    const name = nameInSentence(MEASURES[measure].displayName);
    if (rated.colour === 'green') return [];
    return rated.colour === 'grey'
      ? [{ measure, missing: true, text: name }]
      : [{ measure, missing: false, text: `${name} (${rated.result})` }];
  });
}

/** 'a', 'a and b', 'a, b and c'. */
function listed(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The sentence under the gauge: the measures still to record in one list, and those out of range
 * with the label their chips show, so the two never disagree ('temperature (High)').
 */
export function raiseScoreSentence(analysis: AnalysisResponse): string {
  const steps = scoreSteps(analysis);
  const missing = steps.filter((step) => step.missing).map((step) => step.text);
  const off = steps.filter((step) => !step.missing).map((step) => step.text);
  if (steps.length === 0) return 'Every measure is in range. Well done — keep it up.';
  if (missing.length === MEASURE_IDS.length) {
    return 'Record a reading of each measure to start your score: each one in range adds a point.';
  }
  const parts = [
    ...(missing.length > 0 ? [`record your ${listed(missing)}`] : []),
    ...(off.length > 0 ? [`see the advice for ${listed(off)}`] : []),
  ];
  return `To raise your score: ${parts.join('; ')}.`;
}
