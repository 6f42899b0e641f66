// What a doctor or a link is shown of a person: the shared measures' newest readings rated by the
// same interpreter the person's own screens use, and nothing outside the share's measures and
// window (docs/decisions/0029-care-sharing.md).
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { tagRuleOf, type HealthTag } from '@vitalia/api/records.contract';
import type {
  DoctorPatientSummary,
  LinkView,
  SharedMeasureView,
} from '@vitalia/api/sharing.contract';
import { analysisOf, type AnalysisExtras } from '../../readings/readings.analysis.ts';
import type { ReadingWindow, ReadingsRepository } from '../../readings/readings.repository.ts';
import { sharedReading, tagsOf } from './sharing.views.ts';

type DoctorSharedMeasureView = DoctorPatientSummary['measures'][number];
type BloodPressureWeekView = LinkView['bloodPressureWeek'];

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface SharedScope {
  patientId: string;
  measures: readonly MeasureId[];
  window: ReadingWindow;
}

/** The newest `perMeasure` readings of each shared measure, rated, with the week's pressure. */
async function rated(
  records: ReadingsRepository,
  scope: SharedScope,
  perMeasure: number,
  extras: Omit<AnalysisExtras, 'week'>,
) {
  const tags = tagsOf(scope.measures);
  const since = new Date(extras.now.getTime() - WEEK_MS);
  const [rows, profile, week] = await Promise.all([
    records.newestOfEach(scope.patientId, tags, perMeasure, scope.window),
    records.profileOf(scope.patientId),
    records.weekAverages(scope.patientId, since, scope.window),
  ]);
  const analysis = analysisOf(rows, profile, { ...extras, week });
  const bloodPressureWeek: BloodPressureWeekView = scope.measures.includes('bloodPressure')
    ? analysis.bloodPressureWeek
    : null;
  return { rows, analysis, bloodPressureWeek };
}

/** A doctor's summary: each shared measure's newest reading, rated. */
export async function doctorSummary(
  records: ReadingsRepository,
  scope: SharedScope,
  extras: Omit<AnalysisExtras, 'week'>,
): Promise<{ measures: DoctorSharedMeasureView[]; bloodPressureWeek: BloodPressureWeekView }> {
  const { analysis, bloodPressureWeek } = await rated(records, scope, 1, extras);
  return {
    measures: scope.measures.map((measure) => {
      const reading = analysis.readings[measure];
      return {
        measure,
        analysis: analysis.measures[measure],
        reading: reading && { ...reading, note: null },
      };
    }),
    bloodPressureWeek,
  };
}

/**
 * A link's page: each chosen measure rated, with its newest readings. A link sharing every
 * measure shows those with readings only; one naming measures shows each, even without any.
 */
export async function linkReadings(
  records: ReadingsRepository,
  scope: SharedScope & { allMeasures: boolean },
  perMeasure: number,
  extras: Omit<AnalysisExtras, 'week'>,
): Promise<{ measures: SharedMeasureView[]; bloodPressureWeek: BloodPressureWeekView }> {
  const { rows, analysis, bloodPressureWeek } = await rated(records, scope, perMeasure, extras);
  const measureOf = (tag: string) => tagRuleOf(tag as HealthTag).measure;
  const measures = scope.measures
    .map((measure) => ({
      measure,
      analysis: analysis.measures[measure],
      readings: rows.filter((row) => measureOf(row.tag) === measure).map(sharedReading),
    }))
    .filter((view) => !scope.allMeasures || view.readings.length > 0);
  return { measures, bloodPressureWeek };
}
