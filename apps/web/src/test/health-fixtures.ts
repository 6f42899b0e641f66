import { identityPaths, type Profile } from '@vitalia/api/identity.contract';
import {
  healthReadingRequest,
  normaliseReading,
  recordsPaths,
  storedTagOf,
  TAG_RULES,
  type AnalysisResponse,
  type FetchTag,
  type HealthReading,
  type HealthTag,
} from '@vitalia/api/records.contract';
import { analyse } from '@vitalia/health/analysis';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { fakeApi, type FakeRequest } from './fake-api';
import { aProfile } from './identity-fixtures';

let made = 0;

/** A stored reading as the server answers it. */
export function aReading(
  tag: HealthTag,
  tagValue: string,
  overrides: Partial<HealthReading> = {},
): HealthReading {
  made += 1;
  const takenAt = overrides.takenAt ?? '2026-01-15T08:30:00.000Z';
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    tag,
    tagValue,
    minTag: TAG_RULES[tag].second?.minTag ?? null,
    minTagValue: null,
    narration: null,
    device: null,
    report: null,
    directFromDevice: false,
    takenAt,
    createdAt: takenAt,
    updatedAt: takenAt,
    ...overrides,
  };
}

function newestOfEach(readings: readonly HealthReading[]) {
  const newest: Partial<Record<MeasureId, HealthReading>> = {};
  for (const reading of readings) {
    const measure = TAG_RULES[reading.tag].measure;
    const known = newest[measure];
    if (!known || known.takenAt < reading.takenAt) newest[measure] = reading;
  }
  return newest;
}

/** The analysis call's answer for these readings, rated by packages/health as the server does. */
export function analysisOf(
  readings: readonly HealthReading[],
  profile: Profile | null = aProfile(),
): AnalysisResponse {
  const newest = newestOfEach(readings);
  const report = analyse({
    readings: newest,
    profile: profile && { dob: profile.dob, gender: profile.gender, heightMM: profile.heightMM },
  });
  const shown = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, newest[measure] ?? null]),
  ) as Record<MeasureId, HealthReading | null>;
  return { ...report, readings: shown };
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
) {
  let readings = [...initial];
  const server = {
    get readings() {
      return readings;
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
          takenAt: stored.takenAt ?? reading.takenAt,
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

  fakeApi.on(
    'GET',
    identityPaths.profile,
    profile ? { status: 200, body: profile } : { status: 404, body: { errors: ['No profile.'] } },
  );
  fakeApi.on('GET', recordsPaths.analysis, () => ({
    status: 200,
    body: analysisOf(readings, profile),
  }));
  fakeApi.on('GET', recordsPaths.healths, (request: FakeRequest) => {
    const {
      tag,
      limit = 50,
      cursor,
      from,
    } = request.params as {
      tag?: FetchTag;
      limit?: number;
      cursor?: string;
      from?: string;
    };
    const matching = readings
      .filter((reading) => tag === undefined || reading.tag === storedTagOf(tag))
      .filter((reading) => from === undefined || Date.parse(reading.takenAt) >= Date.parse(from))
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
    const reading = aReading(stored.tag, stored.tagValue, {
      minTagValue: stored.minTagValue,
      narration: stored.narration,
      takenAt: stored.takenAt ?? new Date().toISOString(),
    });
    readings = [...readings, reading];
    answerById();
    return { status: 201, body: reading };
  });
  answerById();
  return server;
}
