// What would raise the combined score: every measure that does not add a point, in catalogue order.
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { measureInSentence } from '../../../readings/format/reading-format';

export interface ScoreStep {
  measure: MeasureId;
  /**
   * missing: not yet recorded, a reading would add the point; old: the newest reading is too old
   * to count, a new one would; off: out of range, its advice says what to do.
   */
  kind: 'missing' | 'old' | 'off';
  /** The name inside a sentence, with the chip's label when out of range: 'temperature (High)'. */
  text: string;
}

/** One step per measure that does not add a point, in catalogue order. */
export function scoreSteps(analysis: AnalysisResponse): ScoreStep[] {
  return MEASURE_IDS.flatMap((measure): ScoreStep[] => {
    const rated = analysis.measures[measure];
    const name = measureInSentence(measure);
    if (rated.colour === 'grey') return [{ measure, kind: 'missing', text: name }];
    // An old reading earns no point whatever its colour; measuring again is the first step.
    if (rated.old) return [{ measure, kind: 'old', text: name }];
    if (rated.ok === 1) return [];
    return [{ measure, kind: 'off', text: `${name} (${rated.result})` }];
  });
}

/** 'a', 'a and b', 'a, b and c'. */
export function listed(items: readonly string[]): string {
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
  const of = (kind: ScoreStep['kind']) =>
    steps.filter((step) => step.kind === kind).map((step) => step.text);
  const [missing, old, off] = [of('missing'), of('old'), of('off')];
  if (steps.length === 0) return 'Every measure is in range. Well done — keep it up.';
  if (missing.length === MEASURE_IDS.length) {
    return 'Record a reading of each measure to start your score: each one in range adds a point.';
  }
  const parts = [
    ...(missing.length > 0 ? [`record your ${listed(missing)}`] : []),
    ...(old.length > 0
      ? [`measure your ${listed(old)} again (${old.length === 1 ? 'old reading' : 'old readings'})`]
      : []),
    ...(off.length > 0 ? [`see the advice for ${listed(off)}`] : []),
  ];
  return `To raise your score: ${parts.join('; ')}.`;
}
