// Care sharing (docs/decisions/0029-care-sharing.md): a person shares chosen measures with a doctor
// who has a Vitalia DOC account, or makes a read-only link for a clinician without one, and sees
// every look in an access log. The doctors' calls are for their mobile app: camelCase, the error
// model, and a doctor's patient is named by the share's id, never by the person's account id.
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { assessmentResponse } from './assessment.contract.ts';
import {
  bloodPressureWeek,
  healthReading,
  historyPage,
  historyQuery,
  measureAnalysis,
} from './records.contract.ts';
import { z } from './zod.ts';

export const sharingPaths = {
  /** The signed-in person's shares with doctors (GET), or a new invite (POST). */
  shares: '/api/v1/sharing/shares',
  /** Pause or resume one (PATCH), or end it (DELETE). */
  share: '/api/v1/sharing/shares/:id',
  /** The person's links for clinicians without an account (GET), or a new one (POST). */
  links: '/api/v1/sharing/links',
  /** End a link (DELETE). */
  link: '/api/v1/sharing/links/:id',
  /** Every look at the person's data, newest first (GET). */
  accessLog: '/api/v1/sharing/access-log',
  /** The same as a CSV file (GET). */
  accessLogCsv: '/api/v1/sharing/access-log.csv',
  /** What a link shows (POST, no sign-in: the token and code travel in the body, never the URL). */
  openLink: '/api/v1/shared-link',
  /**
   * The same again, with the pass the first opening answered (POST, no sign-in): a reload of the
   * clinician's tab, without the token or the code.
   */
  reopenLink: '/api/v1/shared-link/reopen',
  /** A doctor's invites waiting for an answer (GET). */
  doctorInvites: '/api/v1/doctor/invites',
  doctorInviteAccept: '/api/v1/doctor/invites/:id/accept',
  doctorInviteDecline: '/api/v1/doctor/invites/:id/decline',
  /** The doctor's patients: shares accepted, not paused, not ended (GET). */
  doctorPatients: '/api/v1/doctor/patients',
  /** One patient's shared measures, newest readings rated (GET). */
  doctorPatient: '/api/v1/doctor/patients/:id',
  /** One patient's shared readings, a page at a time (GET). */
  doctorPatientReadings: '/api/v1/doctor/patients/:id/readings',
  /** One patient's risk assessment, when shared (GET). */
  doctorPatientAssessment: '/api/v1/doctor/patients/:id/assessment',
} as const;

/** The web page a link opens; the token follows in the fragment, which browsers never send. */
export const sharedLinkPage = '/shared';

export function sharePath(id: string): string {
  return sharingPaths.share.replace(':id', encodeURIComponent(id));
}
export function shareLinkPath(id: string): string {
  return sharingPaths.link.replace(':id', encodeURIComponent(id));
}
export function doctorPath(
  path:
    | typeof sharingPaths.doctorInviteAccept
    | typeof sharingPaths.doctorInviteDecline
    | typeof sharingPaths.doctorPatient
    | typeof sharingPaths.doctorPatientReadings
    | typeof sharingPaths.doctorPatientAssessment,
  id: string,
): string {
  return path.replace(':id', encodeURIComponent(id));
}

/** The codes in `details` a client reacts to (the words may change; these do not). */
export const sharingCodes = {
  /** The link has a code and none was sent. */
  codeRequired: 'CODE_REQUIRED',
  /** The code sent is not the link's; the message says how many tries are left. */
  codeWrong: 'CODE_WRONG',
  /** Too many codes for one link at the same moment: try again shortly. */
  codeBusy: 'CODE_BUSY',
  shareExists: 'SHARE_EXISTS',
  shareWithSelf: 'SHARE_WITH_SELF',
  shareNotOpen: 'SHARE_NOT_OPEN',
  /**
   * A doctors' call made with a token that was not issued to a registered confidential client
   * (the doctors' app): sign in at the token endpoint as that client.
   */
  confidentialClientRequired: 'CONFIDENTIAL_CLIENT_REQUIRED',
} as const;

/** How long a link may last: an hour to 30 days. */
export const linkLifetimeHours = { min: 1, max: 30 * 24 } as const;
/** Wrong codes a link takes before it is locked for good (its owner makes a new one). */
export const linkCodeAttempts = 5;
/** How many of each measure's newest readings a link shows. */
export const linkReadingsPerMeasure = 50;

const instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time with its offset, such as 2026-01-31T00:00:00+01:00',
});

export const sharedMeasure = z.enum(MEASURE_IDS, {
  error: `must be one of ${MEASURE_IDS.join(', ')}`,
});

const measureChoice = z
  .array(sharedMeasure, { error: `must be a list of measures (${MEASURE_IDS.join(', ')})` })
  .min(1, 'choose at least one measure, or send null to share them all')
  .max(MEASURE_IDS.length, 'must name each measure at most once')
  .refine((list) => new Set(list).size === list.length, 'must not name a measure twice')
  .nullable()
  .describe('The measures shared; null shares all of them, including readings of any measure.');

export const idParams = z.strictObject({
  id: z.guid({ error: 'must be an id this server gave, a UUID' }),
});

export const shareRequest = z
  .strictObject({
    doctorEmail: z
      .string({ error: 'is required' })
      .trim()
      .toLowerCase()
      .max(254, 'must be at most 254 characters')
      .pipe(z.email({ error: 'must be an email address, such as dr.ade@clinic.ng' }))
      .describe("The doctor's Vitalia sign-in email."),
    measures: measureChoice,
    includeAssessment: z.boolean({ error: 'must be true or false' }),
    from: instant
      .nullable()
      .describe('Only readings taken at or after this instant; null shares all history.'),
    until: instant
      .nullable()
      .describe(
        'The share ends at this instant, and no reading from then on is shown; null for no end.',
      ),
  })
  .superRefine((share, context) => {
    if (share.until && Date.parse(share.until) <= Date.now()) {
      context.addIssue({ code: 'custom', path: ['until'], message: 'must be in the future' });
    }
    if (share.from && share.until && Date.parse(share.from) >= Date.parse(share.until)) {
      context.addIssue({ code: 'custom', path: ['until'], message: 'must be later than from' });
    }
  })
  .meta({
    id: 'ShareRequest',
    example: {
      doctorEmail: 'dr.ade@clinic.ng',
      measures: ['bloodPressure', 'pulse'],
      includeAssessment: false,
      from: '2026-09-01T00:00:00+01:00',
      until: null,
    },
  });
export type ShareRequest = z.infer<typeof shareRequest>;

export const shareChange = z
  .strictObject({ paused: z.boolean({ error: 'must be true or false' }) })
  .meta({ id: 'ShareChange', example: { paused: true } });

export const SHARE_STATUSES = ['pending', 'active', 'paused', 'declined', 'ended'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

const windowFields = {
  measures: z
    .array(sharedMeasure)
    .describe('The measures shared; every measure when allMeasures is true.'),
  allMeasures: z.boolean(),
  includeAssessment: z.boolean(),
  from: z.string().nullable().describe('Readings from this instant; null: all history.'),
  until: z.string().nullable().describe('The share ends at this instant; null: no end.'),
};

export const share = z
  .object({
    id: z.string(),
    doctorEmail: z.string(),
    doctorName: z
      .string()
      .nullable()
      .describe(
        'The name on the doctor account this share is with (first and last name, or display name), also while the invite waits; null when the address has no doctor account or the account has no name.',
      ),
    doctorHasAccount: z
      .boolean()
      .describe(
        'Whether a Vitalia doctor account has this email; a pending invite to an address without one waits for it.',
      ),
    status: z
      .enum(SHARE_STATUSES)
      .describe(
        'pending: not yet accepted; active: the doctor can read; paused: refused until resumed; declined; ended (by the person, or its until passed).',
      ),
    ...windowFields,
    createdAt: z.string(),
    acceptedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    lastViewedAt: z.string().nullable().describe("The doctor's last look; null before the first."),
  })
  .meta({
    id: 'Share',
    example: {
      id: '5b1f3c7e-2d4a-4c59-9f3e-8a7b6c5d4e3f',
      doctorEmail: 'dr.ade@clinic.ng',
      doctorName: 'Ade Bello',
      doctorHasAccount: true,
      status: 'active',
      measures: ['bloodPressure', 'pulse'],
      allMeasures: false,
      includeAssessment: false,
      from: '2026-09-01T00:00:00.000Z',
      until: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      acceptedAt: '2026-11-20T10:15:00.000Z',
      endedAt: null,
      lastViewedAt: '2026-11-26T08:30:00.000Z',
    },
  });
export type Share = z.infer<typeof share>;

export const shareList = z.object({ items: z.array(share) }).meta({ id: 'ShareList' });

export const linkRequest = z
  .strictObject({
    label: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'must say who or what the link is for, such as "Dr Bello, 3 December"')
      .max(80, 'must be at most 80 characters'),
    measures: measureChoice,
    lifetimeHours: z
      .number({ error: `must be a number of hours from ${linkLifetimeHours.min} to 720` })
      .int('must be a whole number of hours')
      .min(linkLifetimeHours.min, `must be at least ${linkLifetimeHours.min} hour`)
      .max(linkLifetimeHours.max, `must be at most ${linkLifetimeHours.max} hours (30 days)`),
    withCode: z
      .boolean({ error: 'must be true or false' })
      .describe('Whether opening the link also needs a 6-digit code, given separately.'),
  })
  .meta({
    id: 'ShareLinkRequest',
    example: {
      label: 'Dr Bello, 3 December',
      measures: ['bloodPressure'],
      lifetimeHours: 24,
      withCode: true,
    },
  });
export type LinkRequest = z.infer<typeof linkRequest>;

export const LINK_STATUSES = ['active', 'expired', 'ended', 'locked'] as const;

export const shareLink = z
  .object({
    id: z.string(),
    label: z.string(),
    measures: windowFields.measures,
    allMeasures: z.boolean(),
    hasCode: z.boolean(),
    status: z
      .enum(LINK_STATUSES)
      .describe(`locked: ${linkCodeAttempts} wrong codes were tried; make a new link.`),
    createdAt: z.string(),
    expiresAt: z.string(),
    endedAt: z.string().nullable(),
    opens: z.number().int().describe('How many times it was opened.'),
    lastOpenedAt: z.string().nullable(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLink>;

export const linkList = z.object({ items: z.array(shareLink) }).meta({ id: 'ShareLinkList' });

export const createdLink = z
  .object({
    link: shareLink,
    url: z
      .string()
      .describe('The address to give the clinician; its secret part is shown only this once.'),
    code: z
      .string()
      .nullable()
      .describe('The 6-digit code to give separately, shown only this once; null without one.'),
  })
  .meta({ id: 'CreatedShareLink' });
export type CreatedLink = z.infer<typeof createdLink>;

export const openLinkRequest = z
  .strictObject({
    token: z.string({ error: 'is required' }).min(1).max(200),
    code: z
      .string()
      .regex(/^\d{6}$/, 'must be the 6 digits you were given')
      .optional()
      .describe('The 6-digit code, for a link that has one.'),
  })
  .meta({ id: 'OpenShareLinkRequest' });

export const reopenLinkRequest = z
  .strictObject({
    pass: z
      .string({ error: 'is required' })
      .min(1)
      .max(200)
      .describe('The pass an earlier opening of the link answered.'),
  })
  .meta({ id: 'ReopenShareLinkRequest' });

/** One shared measure: its newest reading rated as the person sees it, and its readings. */
export const sharedMeasureView = z
  .object({
    measure: sharedMeasure,
    analysis: measureAnalysis,
    readings: z
      .array(healthReading)
      .describe(
        "Newest first, only readings inside the share (a link: its newest 50). A reading's note is the person's own and is always null here.",
      ),
  })
  .meta({ id: 'SharedMeasure' });
export type SharedMeasureView = z.infer<typeof sharedMeasureView>;

export const linkView = z
  .object({
    label: z.string(),
    patientName: z.string(),
    expiresAt: z.string(),
    generatedAt: z.string(),
    measures: z.array(sharedMeasureView),
    bloodPressureWeek: bloodPressureWeek.nullable(),
    pass: z
      .string()
      .optional()
      .describe(
        `Opens the link again at ${sharingPaths.reopenLink} without its token or code, until the link expires, ends or is locked. A browser keeps it only in the tab's session storage, never in an address or in local storage.`,
      ),
  })
  .meta({ id: 'SharedLinkView' });
export type LinkView = z.infer<typeof linkView>;

export const ACCESS_ACTIONS = [
  'viewed summary',
  'viewed readings',
  'viewed assessment',
  'opened link',
  'invited',
  'accepted',
  'declined',
  'paused',
  'resumed',
  'ended',
  'link created',
  'link ended',
  'link locked',
  'wrong code',
] as const;

export const accessEntry = z
  .object({
    id: z.string(),
    at: z.string(),
    who: z
      .string()
      .describe(
        "The doctor's name and email, 'link: <label>', or 'you' for the person's own acts. For 'wrong code', the link whose code was mistyped; the code typed is never kept.",
      ),
    action: z.enum(ACCESS_ACTIONS),
    what: z
      .string()
      .nullable()
      .describe("Which measure or page of history: 'blood pressure, readings 1-50'."),
    client: z.string().nullable().describe('The app or browser that asked.'),
    address: z.string().nullable().describe('The IP address it came from.'),
  })
  .meta({
    id: 'AccessLogEntry',
    example: {
      id: '1042',
      at: '2026-11-26T08:30:00.000Z',
      who: 'Ade Bello (dr.ade@clinic.ng)',
      action: 'viewed readings',
      what: 'blood pressure: first page of up to 50 (12 shown)',
      client: 'an app on Android',
      address: '203.0.113.7',
    },
  });
export type AccessEntry = z.infer<typeof accessEntry>;

export const accessLogQuery = z.strictObject({
  cursor: z.string().max(200).optional().describe('The nextCursor of the previous page.'),
});

export const accessLogPage = z
  .object({ items: z.array(accessEntry), nextCursor: z.string().nullable() })
  .meta({ id: 'AccessLogPage' });
export type AccessLogPage = z.infer<typeof accessLogPage>;

/** What a doctor sees of a share: the patient and what they shared. */
export const doctorPatient = z
  .object({
    id: z.string().describe("The share's id: the patient's id in the doctors' calls."),
    name: z.string(),
    email: z.string(),
    ...windowFields,
    acceptedAt: z.string(),
  })
  .meta({
    id: 'DoctorPatient',
    example: {
      id: '5b1f3c7e-2d4a-4c59-9f3e-8a7b6c5d4e3f',
      name: 'Ngozi Adeyemi',
      email: 'ngozi@example.com',
      measures: ['bloodPressure', 'pulse'],
      allMeasures: false,
      includeAssessment: false,
      from: '2026-09-01T00:00:00.000Z',
      until: null,
      acceptedAt: '2026-11-20T10:15:00.000Z',
    },
  });
export type DoctorPatient = z.infer<typeof doctorPatient>;

export const doctorPatientList = z
  .object({ items: z.array(doctorPatient) })
  .meta({ id: 'DoctorPatientList' });

export const doctorInvite = z
  .object({
    id: z.string(),
    patientName: z.string(),
    patientEmail: z.string(),
    ...windowFields,
    createdAt: z.string(),
  })
  .meta({
    id: 'DoctorInvite',
    example: {
      id: '5b1f3c7e-2d4a-4c59-9f3e-8a7b6c5d4e3f',
      patientName: 'Ngozi Adeyemi',
      patientEmail: 'ngozi@example.com',
      measures: ['bloodPressure', 'pulse'],
      allMeasures: false,
      includeAssessment: false,
      from: '2026-09-01T00:00:00.000Z',
      until: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  });
export type DoctorInvite = z.infer<typeof doctorInvite>;

export const doctorInviteList = z
  .object({ items: z.array(doctorInvite) })
  .meta({ id: 'DoctorInviteList' });

export const doctorSharedMeasure = z
  .object({
    measure: sharedMeasure,
    analysis: measureAnalysis,
    reading: healthReading
      .nullable()
      .describe('The newest shared reading the analysis rated; null when there is none.'),
  })
  .meta({ id: 'DoctorSharedMeasure' });

export const doctorPatientSummary = z
  .object({
    patient: doctorPatient,
    measures: z.array(doctorSharedMeasure),
    bloodPressureWeek: bloodPressureWeek
      .nullable()
      .describe('The last 7 days of shared blood pressure readings; null when none or not shared.'),
    assessment: assessmentResponse
      .nullable()
      .describe('The risk assessment when it is shared and answered; null otherwise.'),
  })
  .meta({ id: 'DoctorPatientSummary' });
export type DoctorPatientSummary = z.infer<typeof doctorPatientSummary>;

/**
 * The doctors' history query: the owner's, limited to what the share allows. Notes are the
 * person's own: `note` is always null in what a doctor reads.
 */
export const doctorReadingsQuery = historyQuery;
export const doctorReadingsPage = historyPage;
