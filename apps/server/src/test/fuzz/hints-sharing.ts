// Valid-request hints of care sharing (docs/decisions/0029-care-sharing.md): shares made by patients
// of their own (one open share per doctor and patient), invites to the run's DOC that it accepts or
// declines, the doctor's patients with readings and an assessment shared, and links opened with the
// token and code their creation answered.
import fc from 'fast-check';
import { assessmentPath } from '@vitalia/api/assessment.contract';
import {
  FETCH_TAGS,
  MEASURE_TAGS,
  storedTagOf,
  tagRuleOf,
  type FetchTag,
} from '@vitalia/api/records.contract';
import {
  doctorPath,
  linkLifetimeHours,
  shareLinkPath,
  sharePath,
  sharingPaths,
} from '@vitalia/api/sharing.contract';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import {
  chosen,
  expectStatus,
  type Account,
  type OperationHint,
  type Run,
  type ValidPlan,
} from './valid-plan.ts';
import { pastInstant, plainText, uniqueEmail } from './valid-values.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as the contract takes it: in UTC or with the offset of a time zone. */
function withOffset(at: Date, minutes: number): string {
  if (minutes === 0) return at.toISOString();
  const local = new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 23);
  const size = Math.abs(minutes);
  const hours = String(Math.floor(size / 60)).padStart(2, '0');
  const rest = String(size % 60).padStart(2, '0');
  return `${local}${minutes < 0 ? '-' : '+'}${hours}:${rest}`;
}

const offsetMinutes = fc.constantFrom(0, 60, -300, 330, 600);

/** Measures each named once, or null for all of them. */
const measureChoice = fc.option(
  fc.uniqueArray(fc.constantFrom(...MEASURE_IDS), { minLength: 1, maxLength: MEASURE_IDS.length }),
  { nil: null },
);

/**
 * What a share shares, as drawn: `from` in the past, and `until` as days ahead, made an instant when
 * the request is sent (it must be in the future then, so after any `from`).
 */
interface DrawnTerms {
  measures: MeasureId[] | null;
  includeAssessment: boolean;
  from: string | null;
  untilDays: number | null;
  offset: number;
}

const shareTerms: fc.Arbitrary<DrawnTerms> = fc.record({
  measures: measureChoice,
  includeAssessment: fc.boolean(),
  from: fc.option(pastInstant, { nil: null }),
  untilDays: fc.option(fc.integer({ min: 1, max: 3650 }), { nil: null }),
  offset: offsetMinutes,
});

/** The terms as the contract takes them, at the time the request is sent. */
function termsOf(drawn: DrawnTerms) {
  return {
    measures: drawn.measures,
    includeAssessment: drawn.includeAssessment,
    from: drawn.from === null ? null : withOffset(new Date(drawn.from), drawn.offset),
    until:
      drawn.untilDays === null
        ? null
        : withOffset(new Date(Date.now() + drawn.untilDays * DAY_MS), drawn.offset),
  };
}

const everything: DrawnTerms = {
  measures: null,
  includeAssessment: true,
  from: null,
  untilDays: null,
  offset: 0,
};

/** The doctor's address as a person might type it: the contract trims and lower-cases it. */
const spellings = fc.constantFrom('as is', 'capitals', 'spaced');
function spelled(email: string, spelling: string): string {
  if (spelling === 'capitals') return email.toUpperCase();
  if (spelling === 'spaced') return ` ${email} `;
  return email;
}

/** Readings of several measures, taken over the last days, within the measurement limits. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
const someReadings = () => [
  { Tag: 'Systolic', TagValue: 124, MinTagValue: 82, TakenAt: hoursAgo(1) },
  { Tag: 'Pulse Value', TagValue: 72, TakenAt: hoursAgo(2) },
  { Tag: 'Mood', TagValue: 'Happy', TakenAt: hoursAgo(3) },
];
const moreReadings = () => [
  { Tag: 'Systolic', TagValue: 138, MinTagValue: 88, TakenAt: hoursAgo(26) },
  { Tag: 'Systolic', TagValue: 145, MinTagValue: 95, TakenAt: hoursAgo(74) },
  { Tag: 'SPO2Value', TagValue: 97, TakenAt: hoursAgo(5) },
  { Tag: 'Blood-sugar', TagValue: 95, Unit: 'mg/dL', TakenAt: hoursAgo(6) },
  { Tag: 'Temperature', TagValue: 36.8, TakenAt: hoursAgo(7) },
  { Tag: 'BMI', TagValue: 23.5, TakenAt: hoursAgo(8) },
  { Tag: 'Cholesterol Value', TagValue: 180, TakenAt: hoursAgo(9) },
];

/** Gives a patient readings and a saved assessment, as the records calls would. */
async function patientData(run: Run, patient: Account, all: boolean): Promise<void> {
  for (const reading of all ? [...someReadings(), ...moreReadings()] : someReadings()) {
    expectStatus(
      await run.call('POST', '/api/v1/records/health', { token: patient.token, body: reading }),
      201,
      `a reading to share (${reading.Tag})`,
    );
  }
  expectStatus(
    await run.call('PUT', assessmentPath, {
      token: patient.token,
      body: {
        Smoke: false,
        Alcohol: true,
        RecreationalDrugs: false,
        SelfMedicate: true,
        HerbalConcotion: false,
        Illness: true,
        Cancer: false,
      },
    }),
    200,
    'an assessment to share',
  );
}

/** The share's id after `patient` invites `doctorEmail` (the run's DOC when not given). */
async function invite(
  run: Run,
  patient: Account,
  terms: DrawnTerms,
  doctorEmail = run.doctor.username,
): Promise<string> {
  // Only a confirmed address may invite: the invite is a mail to someone else.
  await run.confirmAddress(patient.username);
  const invited = expectStatus(
    await run.call('POST', sharingPaths.shares, {
      token: patient.token,
      body: { doctorEmail, ...termsOf(terms) },
    }),
    201,
    'an invite to a doctor',
  );
  return String(invited.body.id);
}

async function answer(run: Run, id: string, accept: boolean): Promise<void> {
  expectStatus(
    await run.call(
      'POST',
      doctorPath(accept ? sharingPaths.doctorInviteAccept : sharingPaths.doctorInviteDecline, id),
      { token: run.doctor.token },
    ),
    accept ? 200 : 204,
    accept ? "the doctor's acceptance" : "the doctor's refusal",
  );
}

/** A share the run's DOC accepted, of a patient (of their own unless given) with data to read. */
async function acceptedShare(
  run: Run,
  terms: DrawnTerms,
  options: { patient?: Account; data?: 'some' | 'all' } = {},
): Promise<string> {
  const patient = options.patient ?? (await run.fresh());
  if (options.data) await patientData(run, patient, options.data === 'all');
  const id = await invite(run, patient, terms);
  await answer(run, id, true);
  return id;
}

/** For the run's pool (fuzz-rows.ts): a patient sharing everything, with no end. */
export async function sharedPatient(run: Run): Promise<string> {
  return acceptedShare(run, everything, { data: 'all' });
}

/**
 * The id of a patient the run's DOC may read now: mostly one of the run's pool, sometimes a patient
 * of their own sharing the drawn terms (with the assessment when `assessment`).
 */
async function aPatient(
  plan: ValidPlan,
  run: Run,
  assessment = false,
): Promise<{ id: string; measures: MeasureId[] | null }> {
  const terms = plan.body as DrawnTerms;
  plan.body = undefined;
  if (plan.pick % 4 === 0) {
    const shared = { ...terms, includeAssessment: assessment || terms.includeAssessment };
    return { id: await acceptedShare(run, shared, { data: 'some' }), measures: shared.measures };
  }
  await run.need('patient');
  return { id: chosen(run.rows.patients, plan.pick)!, measures: null };
}

/** A doctor's per-patient call: the drawn terms ride in `body` until the request is sent. */
const perPatient = {
  caller: 'doctor',
  body: () => shareTerms,
  bodyType: 'none',
} satisfies OperationHint;

/** A link request the contract accepts. */
const linkBody = fc.record({
  label: plainText(1, 80),
  measures: measureChoice,
  lifetimeHours: fc.integer(linkLifetimeHours),
  withCode: fc.boolean(),
});

/** Makes a link as `owner`; answers its id, and the token and code the clinician is given. */
async function aLink(run: Run, owner: Account, body: unknown) {
  const made = expectStatus(
    await run.call('POST', sharingPaths.links, { token: owner.token, body }),
    201,
    'a link',
  );
  const link = made.body.link as { id: string };
  const token = String(made.body.url).split('#')[1];
  if (!token) throw new Error(`setting up a link: no token in ${String(made.body.url)}`);
  return { id: link.id, token, code: made.body.code as string | null };
}

/** A tag of a shared measure for the readings page; without one, all the shared readings. */
function sharedTag(
  query: Record<string, string>,
  measures: MeasureId[] | null,
  pick: number,
): void {
  const tag = query.tag as FetchTag | undefined;
  if (measures === null || tag === undefined) return;
  if (measures.includes(tagRuleOf(storedTagOf(tag)).measure)) return;
  if (pick % 2 === 0) delete query.tag;
  else query.tag = MEASURE_TAGS[chosen(measures, pick)!];
}

/** The doctors' readings query: filters as the owner's history takes them, `from` before `to`. */
const readingsQuery = fc
  .record(
    {
      order: fc.constantFrom('ASC', 'DESC', 'asc', 'desc'),
      tag: fc.constantFrom(...FETCH_TAGS),
      span: fc.tuple(pastInstant, fc.option(pastInstant, { nil: undefined })),
      limit: fc.integer({ min: 1, max: 200 }).map(String),
    },
    { requiredKeys: [] },
  )
  .map(({ span, ...query }): Record<string, string> => {
    if (!span) return query;
    const [from, to] = span;
    if (to === undefined || to === from) return { ...query, from };
    const [earlier, later] = [from, to].sort();
    return { ...query, from: earlier!, to: later! };
  });

export const sharingHints: Record<string, OperationHint> = {
  'GET /api/v1/sharing/shares': {
    // A person of their own with shares in each status, so the list has them all to check.
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      const patient = caller!;
      await invite(run, patient, everything, `fuzz.pending.${run.next()}@example.com`);
      if (plan.pick % 2 === 0) {
        await answer(run, await invite(run, patient, everything), false);
        const ended = await invite(
          run,
          patient,
          everything,
          `fuzz.ended.${run.next()}@example.com`,
        );
        expectStatus(
          await run.call('DELETE', sharePath(ended), { token: patient.token }),
          204,
          'an ended share',
        );
      }
      const id = await acceptedShare(run, everything, { patient });
      if (plan.pick % 3 === 0) {
        expectStatus(
          await run.call('PATCH', sharePath(id), { token: patient.token, body: { paused: true } }),
          200,
          'a paused share',
        );
      }
    },
  },
  'POST /api/v1/sharing/shares': {
    // A patient of their own: one open share per doctor and patient. Half the invites are to the
    // run's DOC, the others to an address with no account, which keeps them pending.
    caller: 'fresh',
    body: () =>
      fc.record({
        terms: shareTerms,
        doctor: fc.oneof(
          uniqueEmail.map((email) => ({ email, spelling: 'as is' })),
          spellings.map((spelling) => ({ email: undefined, spelling })),
        ),
      }),
    prepare: async (plan, run, caller) => {
      await run.confirmAddress(caller!.username);
      const drawn = plan.body as {
        terms: DrawnTerms;
        doctor: { email?: string; spelling: string };
      };
      plan.body = {
        doctorEmail: spelled(drawn.doctor.email ?? run.doctor.username, drawn.doctor.spelling),
        ...termsOf(drawn.terms),
      };
    },
  },
  'PATCH /api/v1/sharing/shares/{id}': {
    // Only a share the doctor accepted can be paused or resumed: the patient's own, accepted now.
    caller: 'fresh',
    body: () => fc.record({ paused: fc.boolean(), terms: shareTerms }),
    prepare: async (plan, run, caller) => {
      const drawn = plan.body as { paused: boolean; terms: DrawnTerms };
      const id = await acceptedShare(run, drawn.terms, { patient: caller! });
      if (!drawn.paused && plan.pick % 2 === 0) {
        // Paused first, so that the request resumes it.
        expectStatus(
          await run.call('PATCH', sharePath(id), { token: caller!.token, body: { paused: true } }),
          200,
          'a paused share',
        );
      }
      plan.pathParams.id = id;
      plan.body = { paused: drawn.paused };
    },
  },
  'DELETE /api/v1/sharing/shares/{id}': {
    // An invite waiting for an address with no account, one waiting for the run's DOC, a share
    // the DOC accepted, or one already ended (which ending again leaves as it is).
    caller: 'fresh',
    body: () => shareTerms,
    bodyType: 'none',
    prepare: async (plan, run, caller) => {
      const terms = plan.body as DrawnTerms;
      plan.body = undefined;
      const patient = caller!;
      const kind = plan.pick % 4;
      const id =
        kind === 0
          ? await invite(run, patient, terms, `fuzz.invited.${run.next()}@example.com`)
          : kind === 1
            ? await invite(run, patient, terms)
            : await acceptedShare(run, terms, { patient });
      if (kind === 3) {
        expectStatus(
          await run.call('DELETE', sharePath(id), { token: patient.token }),
          204,
          'an ended share',
        );
      }
      plan.pathParams.id = id;
    },
  },
  'GET /api/v1/sharing/access-log': {
    // From the first page, or with the cursor the first page answered.
    prepare: async (plan, run, caller) => {
      delete plan.query.cursor;
      if (plan.pick % 2 === 0) {
        const first = expectStatus(
          await run.call('GET', sharingPaths.accessLog, { token: caller!.token }),
          200,
          'the first page of the access log',
        );
        if (typeof first.body.nextCursor === 'string') plan.query.cursor = first.body.nextCursor;
      }
    },
  },
  'POST /api/v1/sharing/links': { body: () => linkBody },
  'DELETE /api/v1/sharing/links/{id}': {
    // A link of the caller's, made now; sometimes ended already (ending again changes nothing).
    body: () => linkBody,
    bodyType: 'none',
    prepare: async (plan, run, caller) => {
      const link = await aLink(run, caller!, plan.body);
      plan.body = undefined;
      if (plan.pick % 4 === 0) {
        expectStatus(
          await run.call('DELETE', shareLinkPath(link.id), { token: caller!.token }),
          204,
          'an ended link',
        );
      }
      plan.pathParams.id = link.id;
    },
  },
  'POST /api/v1/shared-link': {
    // A live link of the run's USER (who has readings), opened with its token and, when it has
    // one, its code, as the clinician's page sends them.
    body: () => linkBody,
    prepare: async (plan, run) => {
      const link = await aLink(run, run.user, plan.body);
      plan.body = { token: link.token, ...(link.code === null ? {} : { code: link.code }) };
    },
  },
  'POST /api/v1/shared-link/reopen': {
    // The pass an opening of a live link answered, as the clinician's page sends it on a reload.
    body: () => linkBody,
    prepare: async (plan, run) => {
      const link = await aLink(run, run.user, plan.body);
      const opened = expectStatus(
        await run.call('POST', sharingPaths.openLink, {
          body: { token: link.token, ...(link.code === null ? {} : { code: link.code }) },
        }),
        200,
        'an opened link',
      );
      plan.body = { pass: opened.body.pass };
    },
  },
  'GET /api/v1/doctor/invites': {
    caller: 'doctor',
    // Sometimes a new invite, so that the list has one waiting to check.
    prepare: async (plan, run) => {
      if (plan.pick % 2 === 0) await invite(run, await run.fresh(), everything);
    },
  },
  'POST /api/v1/doctor/invites/{id}/accept': {
    caller: 'doctor',
    body: () => shareTerms,
    bodyType: 'none',
    prepare: async (plan, run) => {
      plan.pathParams.id = await invite(run, await run.fresh(), plan.body as DrawnTerms);
      plan.body = undefined;
    },
  },
  'POST /api/v1/doctor/invites/{id}/decline': {
    caller: 'doctor',
    body: () => shareTerms,
    bodyType: 'none',
    prepare: async (plan, run) => {
      plan.pathParams.id = await invite(run, await run.fresh(), plan.body as DrawnTerms);
      plan.body = undefined;
    },
  },
  'GET /api/v1/doctor/patients': {
    caller: 'doctor',
    prepare: async (_plan, run) => run.need('patient'),
  },
  'GET /api/v1/doctor/patients/{id}': {
    ...perPatient,
    prepare: async (plan, run) => {
      plan.pathParams.id = (await aPatient(plan, run)).id;
    },
  },
  'GET /api/v1/doctor/patients/{id}/readings': {
    ...perPatient,
    query: readingsQuery,
    prepare: async (plan, run) => {
      const patient = await aPatient(plan, run);
      plan.pathParams.id = patient.id;
      sharedTag(plan.query, patient.measures, plan.pick);
      if (plan.pick % 3 === 0) {
        // A later page: the cursor the first page answered, with the same filters.
        plan.query.limit = '1';
        const first = expectStatus(
          await run.call(
            'GET',
            `${doctorPath(sharingPaths.doctorPatientReadings, patient.id)}?${new URLSearchParams(plan.query)}`,
            { token: run.doctor.token },
          ),
          200,
          'the first page of readings',
        );
        if (typeof first.body.nextCursor === 'string') plan.query.cursor = first.body.nextCursor;
      }
    },
  },
  'GET /api/v1/doctor/patients/{id}/assessment': {
    // Answers only when the share includes the assessment and the patient saved one.
    ...perPatient,
    prepare: async (plan, run) => {
      plan.pathParams.id = (await aPatient(plan, run, true)).id;
    },
  },
};
