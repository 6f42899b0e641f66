import { identityPaths, type Profile } from '@vitalia/api/identity.contract';
import {
  followedMeasurePath,
  healthReadingRequest,
  normaliseReading,
  recordsPaths,
  storedTagOf,
  tagRuleOf,
  type AnalysisResponse,
  recentReadingOf,
  recentReadingsPerMeasure,
  type BloodPressureWeek,
  type SugarWeek,
  type FetchTag,
  type HealthReading,
  type HealthTag,
} from '@vitalia/api/records.contract';
import { pulseBesidePressure } from '@vitalia/api/pressure-pulse';
import { analyse, analyseReading } from '@vitalia/health/analysis';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { fakeApi, type FakeRequest } from './fake-api';
import { aProfile } from './identity-fixtures';

let made = 0;

/**
 * A stored reading as the server answers it; taken an hour ago unless told, so that it counts in
 * the score (a reading older than 90 days is old and earns no point).
 */
export function aReading(
  tag: HealthTag,
  tagValue: string,
  overrides: Partial<HealthReading> = {},
): HealthReading {
  made += 1;
  const takenAt = overrides.takenAt ?? new Date(Date.now() - 3600 * 1000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    tag,
    tagValue,
    minTag: tagRuleOf(tag).second?.minTag ?? null,
    minTagValue: null,
    narration: null,
    device: null,
    report: null,
    note: null,
    weight: null,
    directFromDevice: false,
    takenAt,
    createdAt: takenAt,
    updatedAt: takenAt,
    enteredValue: null,
    enteredUnit: null,
    ...overrides,
  };
}

function newestOfEach(readings: readonly HealthReading[]) {
  const newest: Partial<Record<MeasureId, HealthReading>> = {};
  for (const reading of readings) {
    const measure = tagRuleOf(reading.tag).measure;
    const known = newest[measure];
    if (!known || known.takenAt < reading.takenAt) newest[measure] = reading;
  }
  return newest;
}

/** The numbers the server is configured with (EMERGENCY_NUMBER, CRISIS_LINE) in these tests. */
export const testEmergency: AnalysisResponse['emergency'] = { number: '112', crisisLine: null };

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The average of the blood pressure readings of the last 7 days, rounded as the server does. */
function weekOf(readings: readonly HealthReading[], now: number): BloodPressureWeek | null {
  const week = readings.filter(
    (reading) =>
      reading.tag === 'Systolic' &&
      reading.minTagValue !== null &&
      Date.parse(reading.takenAt) >= now - WEEK_MS,
  );
  // Urgent readings are left out of the mean and counted, as the server does.
  const urgent = week.filter(
    (reading) =>
      analyseReading('bloodPressure', { ...reading, takenAt: reading.takenAt }).urgency !== null,
  );
  const averaged = week.filter((reading) => !urgent.includes(reading));
  if (averaged.length === 0) return null;
  const mean = (values: number[]) =>
    Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    systolic: mean(averaged.map((reading) => Number(reading.tagValue))),
    diastolic: mean(averaged.map((reading) => Number(reading.minTagValue))),
    count: averaged.length,
    urgentLeftOut: urgent.length,
  };
}

/** The average of the blood sugar readings of the last 7 days, to one decimal, as the server does. */
function sugarWeekOf(readings: readonly HealthReading[], now: number): SugarWeek | null {
  const week = readings.filter(
    (reading) => reading.tag === 'Blood-sugar' && Date.parse(reading.takenAt) >= now - WEEK_MS,
  );
  if (week.length === 0) return null;
  const sum = week.reduce((total, reading) => total + Number(reading.tagValue), 0);
  return { average: Math.round((sum / week.length) * 10) / 10, count: week.length };
}

/** Each measure's last readings as numbers, oldest first, as the server answers them. */
function recentOf(readings: readonly HealthReading[]): AnalysisResponse['recent'] {
  const recent = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, []]),
  ) as unknown as AnalysisResponse['recent'];
  const sorted = [...readings].sort((a, b) => a.takenAt.localeCompare(b.takenAt));
  for (const reading of sorted) {
    const measure = tagRuleOf(reading.tag).measure;
    const numbers = recentReadingOf(reading);
    if (numbers) recent[measure].push(numbers);
  }
  for (const measure of MEASURE_IDS) {
    recent[measure] = recent[measure].slice(-recentReadingsPerMeasure);
  }
  return recent;
}

/** The analysis call's answer for these readings, rated by packages/health as the server does. */
export function analysisOf(
  readings: readonly HealthReading[],
  profile: Profile | null = aProfile(),
  emergency: AnalysisResponse['emergency'] = testEmergency,
  chosen: readonly MeasureId[] = [],
): AnalysisResponse {
  const newest = newestOfEach(readings);
  const now = Date.now();
  const report = analyse({
    readings: newest,
    chosen,
    profile: profile && { dob: profile.dob, gender: profile.gender, heightMM: profile.heightMM },
    now: new Date(now),
  });
  const shown = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, newest[measure] ?? null]),
  ) as Record<MeasureId, HealthReading | null>;
  return {
    ...report,
    readings: shown,
    emergency,
    bloodPressureWeek: weekOf(readings, now),
    sugarWeek: sugarWeekOf(readings, now),
    recent: recentOf(readings),
  };
}

function refusal(issues: { path: PropertyKey[]; message: string }[]) {
  return {
    status: 400,
    body: { errors: issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) },
  };
}

/**
 * The readings calls, as far as the screens need them: the contract checks what is sent (so a
 * form that sends what the server would refuse fails its test), and the answers follow it.
 */
export function serveRecords(
  initial: readonly HealthReading[],
  profile: Profile | null = aProfile(),
  emergency: AnalysisResponse['emergency'] = testEmergency,
) {
  let readings = [...initial];
  let chosen: MeasureId[] = [];
  const server = {
    get readings() {
      return readings;
    },
    get chosen() {
      return chosen;
    },
  };

  const answerById = () => {
    for (const reading of readings) {
      const path = `${recordsPaths.health}/${reading.id}`;
      fakeApi.on('PUT', path, (request: FakeRequest) => {
        const parsed = healthReadingRequest.safeParse(request.body);
        if (!parsed.success) return refusal(parsed.error.issues);
        const stored = normaliseReading(parsed.data);
        const updated: HealthReading = {
          ...reading,
          tagValue: stored.tagValue,
          minTagValue: stored.minTagValue,
          narration: stored.narration,
          note: stored.note,
          weight: stored.weight,
          takenAt: stored.takenAt ?? reading.takenAt,
          enteredValue: stored.enteredValue,
          enteredUnit: stored.enteredUnit,
        };
        readings = readings.map((known) => (known.id === reading.id ? updated : known));
        answerById();
        return { status: 200, body: updated };
      });
      fakeApi.on('DELETE', path, () => {
        readings = readings.filter((known) => known.id !== reading.id);
        return { status: 204 };
      });
    }
  };

  // The profile as the server keeps it: a unit chosen on one screen is what the next one reads
  // (docs/decisions/0050-one-unit-choice-per-account.md).
  let saved = profile;
  fakeApi.on('GET', identityPaths.profile, () =>
    saved ? { status: 200, body: saved } : { status: 404, body: { errors: ['No profile.'] } },
  );
  fakeApi.on('PUT', identityPaths.profile, (request: FakeRequest) => {
    if (!saved) return { status: 404, body: { errors: ['No profile.'] } };
    const units = (request.body as { Units?: Record<string, string | null> }).Units ?? {};
    const next = { units: { ...saved.units }, unitsChosen: { ...saved.unitsChosen } };
    for (const measure of ['sugar', 'cholesterol', 'temperature'] as const) {
      const wire = measure[0]!.toUpperCase() + measure.slice(1);
      const unit = units[wire];
      if (unit === undefined) continue;
      next.unitsChosen[measure] = unit !== null;
      Object.assign(next.units, { [measure]: unit ?? aProfile().units[measure] });
    }
    saved = { ...saved, ...next };
    return { status: 200, body: saved };
  });
  fakeApi.on('GET', recordsPaths.analysis, () => ({
    status: 200,
    body: analysisOf(readings, profile, emergency, chosen),
  }));
  for (const measure of MEASURE_IDS) {
    const path = followedMeasurePath(measure);
    fakeApi.on('PUT', path, () => {
      chosen = MEASURE_IDS.filter((each) => each === measure || chosen.includes(each));
      return { status: 200, body: { chosen } };
    });
    fakeApi.on('DELETE', path, () => {
      chosen = chosen.filter((each) => each !== measure);
      return { status: 200, body: { chosen } };
    });
  }
  fakeApi.on('GET', recordsPaths.healths, (request: FakeRequest) => {
    const {
      tag,
      limit = 50,
      cursor,
      from,
      to,
    } = request.params as {
      tag?: FetchTag;
      limit?: number;
      cursor?: string;
      from?: string;
      to?: string;
    };
    const matching = readings
      .filter((reading) => tag === undefined || reading.tag === storedTagOf(tag))
      .filter((reading) => from === undefined || Date.parse(reading.takenAt) >= Date.parse(from))
      .filter((reading) => to === undefined || Date.parse(reading.takenAt) < Date.parse(to))
      .sort((a, b) => b.takenAt.localeCompare(a.takenAt));
    const start = cursor ? Number(cursor) : 0;
    const end = start + Number(limit);
    return {
      status: 200,
      body: {
        items: matching.slice(start, end),
        nextCursor: end < matching.length ? String(end) : null,
      },
    };
  });
  fakeApi.on('POST', recordsPaths.health, (request: FakeRequest) => {
    const parsed = healthReadingRequest.safeParse(request.body);
    if (!parsed.success) return refusal(parsed.error.issues);
    const stored = normaliseReading(parsed.data);
    // As the server does: stored now, and a monitor's pulse stored beside it as a pulse reading
    // of its own, in the same statement (the same taken and created times).
    const createdAt = new Date().toISOString();
    const reading = aReading(stored.tag, stored.tagValue, {
      minTagValue: stored.minTagValue,
      narration: stored.narration,
      note: stored.note,
      weight: stored.weight,
      takenAt: stored.takenAt ?? createdAt,
      createdAt,
      updatedAt: createdAt,
      enteredValue: stored.enteredValue,
      enteredUnit: stored.enteredUnit,
    });
    readings = [...readings, reading];
    const pulse = pulseBesidePressure(parsed.data);
    if (pulse) {
      readings = [
        ...readings,
        aReading(pulse.tag, pulse.tagValue, {
          takenAt: reading.takenAt,
          createdAt,
          updatedAt: createdAt,
          note: pulse.note,
        }),
      ];
    }
    answerById();
    return { status: 201, body: reading };
  });
  answerById();
  return server;
}
