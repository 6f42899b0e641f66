// What would raise the combined score: every measure that is not green, in catalogue order.
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { MEASURE_IDS, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';

/** 'blood pressure' inside a sentence; names written in capitals ('BMI') stay as they are. */
export function nameInSentence(name: string): string {
  return name === name.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

export interface ScoreStep {
  measure: MeasureId;
  /** 'Record your blood pressure', 'Blood sugar is out of range — see the advice'. */
  text: string;
}

/** One step per measure that does not yet add a point. */
export function scoreSteps(analysis: AnalysisResponse): ScoreStep[] {
  return MEASURE_IDS.flatMap((measure): ScoreStep[] => {
    const rated = analysis.measures[measure];
    const name = MEASURES[measure].displayName;
    switch (rated.colour) {
      case 'green':
        return [];
      case 'grey':
        return [{ measure, text: `Record your ${nameInSentence(name)}` }];
      case 'red':
        return [{ measure, text: `${name} is out of range — see the advice` }];
      case 'yellow':
        return [{ measure, text: `${name} is borderline — see the advice` }];
    }
  });
}

/** The sentence under the gauge. */
export function raiseScoreSentence(analysis: AnalysisResponse): string {
  const steps = scoreSteps(analysis);
  if (steps.length === 0) return 'Every measure is in range. Well done — keep it up.';
  return `To raise your score: ${steps.map((step) => step.text).join('; ')}.`;
}
