import {
  linkRequest,
  shareRequest,
  sharingPaths,
  type AccessEntry,
  type CreatedLink,
  type LinkView,
  type Share,
  type ShareLink,
} from '@vitalia/api/sharing.contract';
import type { HealthReading } from '@vitalia/api/records.contract';
import { fakeApi, type FakeAnswer, type FakeRequest } from './fake-api';
import { analysisOf } from './health-fixtures';

let made = 0;
const nextId = () => {
  made += 1;
  return `5a1e0000-0000-4000-8000-${String(made).padStart(12, '0')}`;
};
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

/** An active share of every measure with a doctor who accepted it yesterday. */
export function aShare(overrides: Partial<Share> = {}): Share {
  return {
    id: nextId(),
    doctorEmail: 'dr.ade@clinic.ng',
    doctorName: 'Ade Bello',
    doctorHasAccount: true,
    status: 'active',
    measures: [],
    allMeasures: true,
    includeAssessment: false,
    from: null,
    until: null,
    createdAt: hoursAgo(30),
    acceptedAt: hoursAgo(24),
    endedAt: null,
    lastViewedAt: null,
    ...overrides,
  };
}

/** A link of every measure with a code, made an hour ago, opening for a day. */
export function aLink(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: nextId(),
    label: 'Dr Bello, 3 December',
    measures: [],
    allMeasures: true,
    hasCode: true,
    status: 'active',
    createdAt: hoursAgo(1),
    expiresAt: new Date(Date.now() + 23 * 3600_000).toISOString(),
    endedAt: null,
    opens: 0,
    lastOpenedAt: null,
    ...overrides,
  };
}

export function anEntry(overrides: Partial<AccessEntry> = {}): AccessEntry {
  return {
    id: nextId(),
    at: hoursAgo(2),
    who: 'Ade Bello (dr.ade@clinic.ng)',
    action: 'viewed readings',
    what: 'blood pressure, readings 1-50',
    client: 'Vitalia for Android',
    address: '203.0.113.7',
    ...overrides,
  };
}

/** What a link shows for these readings, rated as the server rates them. */
export function aLinkView(readings: readonly HealthReading[], overrides: Partial<LinkView> = {}) {
  const analysis = analysisOf(readings, null);
  const measures = (['bloodPressure', 'pulse'] as const).map((measure) => ({
    measure,
    analysis: analysis.measures[measure],
    readings: readings
      .filter((reading) => analysis.readings[measure]?.tag === reading.tag)
      .sort((a, b) => b.takenAt.localeCompare(a.takenAt)),
  }));
  return {
    label: 'Dr Bello, 3 December',
    patientName: 'Ada Lovelace',
    generatedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 23 * 3600_000).toISOString(),
    measures,
    bloodPressureWeek: analysis.bloodPressureWeek,
    ...overrides,
  } satisfies LinkView;
}

function refused(issues: { path: PropertyKey[]; message: string }[]): FakeAnswer {
  return {
    status: 400,
    body: { errors: issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) },
  };
}

/**
 * The person's side of sharing, as far as the page needs it: the lists answer what the server
 * holds, and what is sent is checked by the contract, so a form that sends what the server would
 * refuse fails its test. `created` answers a new link.
 */
export function serveSharing(initial: { shares?: Share[]; links?: ShareLink[] } = {}) {
  let shares = [...(initial.shares ?? [])];
  let links = [...(initial.links ?? [])];
  fakeApi.on('GET', sharingPaths.shares, () => ({ status: 200, body: { items: shares } }));
  fakeApi.on('GET', sharingPaths.links, () => ({ status: 200, body: { items: links } }));
  fakeApi.on('GET', sharingPaths.accessLog, { status: 200, body: { items: [], nextCursor: null } });
  fakeApi.on('POST', sharingPaths.shares, (request: FakeRequest) => {
    const parsed = shareRequest.safeParse(request.body);
    if (!parsed.success) return refused(parsed.error.issues);
    const invited = aShare({
      ...parsed.data,
      allMeasures: parsed.data.measures === null,
      measures: parsed.data.measures ?? [],
      doctorName: null,
      status: 'pending',
      acceptedAt: null,
    });
    shares = [invited, ...shares];
    return { status: 201, body: invited };
  });
  const server = {
    get shares() {
      return shares;
    },
    /** Answers a new link with this address and code. */
    makesLinks(url: string, code: string | null) {
      fakeApi.on('POST', sharingPaths.links, (request: FakeRequest) => {
        const parsed = linkRequest.safeParse(request.body);
        if (!parsed.success) return refused(parsed.error.issues);
        const link = aLink({
          label: parsed.data.label,
          allMeasures: parsed.data.measures === null,
          measures: parsed.data.measures ?? [],
          hasCode: parsed.data.withCode,
        });
        links = [link, ...links];
        return { status: 201, body: { link, url, code } satisfies CreatedLink };
      });
    },
  };
  const answerById = () => {
    for (const share of shares) {
      const path = sharingPaths.share.replace(':id', share.id);
      fakeApi.on('PATCH', path, (request: FakeRequest) => {
        const { paused } = request.body as { paused: boolean };
        const changed: Share = { ...share, status: paused ? 'paused' : 'active' };
        shares = shares.map((known) => (known.id === share.id ? changed : known));
        answerById();
        return { status: 200, body: changed };
      });
      fakeApi.on('DELETE', path, () => {
        shares = shares.map((known) =>
          known.id === share.id ? { ...known, status: 'ended', endedAt: hoursAgo(0) } : known,
        );
        return { status: 204 };
      });
    }
    for (const link of links) {
      fakeApi.on('DELETE', sharingPaths.link.replace(':id', link.id), () => {
        links = links.map((known) =>
          known.id === link.id ? { ...known, status: 'ended', endedAt: hoursAgo(0) } : known,
        );
        return { status: 204 };
      });
    }
  };
  answerById();
  return server;
}
