// Which urgent readings raise a banner now, and which only ask for a new reading: an urgent
// reading raises the emergency banner for 24 hours after it was taken; older, it says how old it
// is (docs/clinical-reference.md, 'Urgency'). Readings read together follow the newest of them.
import type { AnalysisResponse, MeasureAnalysis } from '@vitalia/api/records.contract';
import { urgencyRank } from '@vitalia/health/analysis.model';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { beyondOwnRatings, readTogether, type Together } from '@vitalia/health/together.rules';
import { urgentBannerCurrent } from './reading-time';

export type Urgent = MeasureAnalysis & { urgency: 'now' | 'today' };
export type UrgentTogether = Together & { urgency: 'now' | 'today' };

export interface UrgentShown {
  /** Banners, 'now' before 'today'. */
  current: { measure: MeasureId; rated: Urgent }[];
  /** Urgent readings older than a day: a note each, asking for a new reading. */
  stale: { measure: MeasureId; rated: Urgent; takenAt: string }[];
  /** What the readings together add to their own banners, when its readings are current. */
  together: UrgentTogether | null;
  /** The same when the newest reading it combined is older than a day. */
  staleTogether: { together: UrgentTogether; takenAt: string } | null;
}

export function urgentShown(
  analysis: Pick<AnalysisResponse, 'measures' | 'readings'>,
  now = Date.now(),
): UrgentShown {
  const current: UrgentShown['current'] = [];
  const stale: UrgentShown['stale'] = [];
  for (const measure of MEASURE_IDS) {
    const rated = analysis.measures[measure];
    if (rated.urgency === null) continue;
    const takenAt = analysis.readings[measure]?.takenAt;
    if (takenAt && !urgentBannerCurrent(takenAt, now)) {
      stale.push({ measure, rated: rated as Urgent, takenAt });
    } else current.push({ measure, rated: rated as Urgent });
  }
  current.sort((a, b) => urgencyRank(b.rated.urgency) - urgencyRank(a.rated.urgency));
  // Read from the newest readings by the same rules as the server's answer, so an analysis kept
  // on the phone by an older version, or readings waiting to send, are read together too. Only
  // what the readings together add to each one's own rating is shown.
  const read = beyondOwnRatings(readTogether(analysis.readings), analysis.measures);
  if (read.urgency === null) return { current, stale, together: null, staleTogether: null };
  const together = { ...read, urgency: read.urgency };
  const times = read.reasons
    .flatMap((reason) => reason.measures)
    .flatMap((measure) => analysis.readings[measure]?.takenAt ?? []);
  const newest = times.reduce<string | undefined>(
    (latest, each) => (latest && Date.parse(latest) >= Date.parse(each) ? latest : each),
    undefined,
  );
  return newest && !urgentBannerCurrent(newest, now)
    ? { current, stale, together: null, staleTogether: { together, takenAt: newest } }
    : { current, stale, together, staleTogether: null };
}

/** True when anything raises an emergency banner now. */
export function raisesBanner(shown: UrgentShown): boolean {
  return shown.current.length > 0 || shown.together !== null;
}
