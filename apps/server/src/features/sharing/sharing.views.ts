// Rows as the contract answers them, and what a share or link lets a reader see.
import {
  MEASURE_IDS,
  MEASURES,
  isMeasureId,
  type MeasureId,
} from '@vitalia/health/measure.catalog';
import { MEASURE_TAGS, type HealthReading, type HealthTag } from '@vitalia/api/records.contract';
import type {
  DoctorInvite,
  DoctorPatient,
  Share,
  ShareLink,
  ShareStatus,
} from '@vitalia/api/sharing.contract';
import {
  toReading,
  type ReadingRow,
  type ReadingWindow,
} from '../../readings/readings.repository.ts';
import type { LinkRow } from './links.repository.ts';
import { nameOf, realNameOf, type Person, type ShareRow } from './shares.repository.ts';

/**
 * A reading as a doctor or a link sees it: everything but the person's own note, which the
 * reading form promises only they see.
 */
export function sharedReading(row: ReadingRow): HealthReading {
  return { ...toReading(row), note: null };
}

/** The measures a share or link names; every measure when it names none. */
export function measuresOf(row: { measures: string[] | null }): MeasureId[] {
  return row.measures === null ? [...MEASURE_IDS] : row.measures.filter(isMeasureId);
}

export const tagsOf = (measures: readonly MeasureId[]): HealthTag[] =>
  measures.map((measure) => MEASURE_TAGS[measure]);

/** The readings a share lets its doctor see: taken inside its window. */
export const windowOf = (share: ShareRow): ReadingWindow => ({
  from: share.fromAt,
  to: share.untilAt,
});

/** The measures in words, for the access log: 'blood pressure, pulse' or 'all measures'. */
export function measureWords(row: { measures: string[] | null }): string {
  if (row.measures === null) return 'all measures';
  return measuresOf(row)
    .map((measure) => MEASURES[measure].displayName.toLowerCase())
    .join(', ');
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function windowFields(share: ShareRow) {
  return {
    measures: measuresOf(share),
    allMeasures: share.measures === null,
    includeAssessment: share.includeAssessment,
    from: iso(share.fromAt),
    until: iso(share.untilAt),
  };
}

export function shareStatus(share: ShareRow, now: Date): ShareStatus {
  if (share.declinedAt) return 'declined';
  const expired = share.untilAt !== null && share.untilAt.getTime() <= now.getTime();
  // A doctor account's removal clears doctorId: an accepted share without one has ended.
  const doctorGone = share.acceptedAt !== null && share.doctorId === null;
  if (share.endedAt || expired || doctorGone) return 'ended';
  if (!share.acceptedAt) return 'pending';
  return share.pausedAt ? 'paused' : 'active';
}

export interface ShareWithDoctor {
  share: ShareRow;
  /** The account the email names (or that accepted), all null when there is none. */
  doctorRole: string | null;
  doctorUsername: string | null;
  doctorFirstName: string | null;
  doctorLastName: string | null;
  doctorDisplayName: string | null;
}

export function toShare(row: ShareWithDoctor, now: Date): Share {
  const { share } = row;
  const doctor = row.doctorUsername
    ? {
        username: row.doctorUsername,
        firstName: row.doctorFirstName,
        lastName: row.doctorLastName,
        displayName: row.doctorDisplayName,
      }
    : null;
  const isDoctor = doctor !== null && row.doctorRole === 'DOC';
  return {
    id: share.id,
    doctorEmail: share.doctorEmail,
    // The account's name also while the invite waits, so the person can see they typed the
    // right doctor's address before that doctor answers (docs/decisions/0054-sharing-on-the-phone.md).
    doctorName: doctor ? realNameOf(doctor) : null,
    doctorHasAccount: isDoctor,
    status: shareStatus(share, now),
    ...windowFields(share),
    createdAt: share.createdAt.toISOString(),
    acceptedAt: iso(share.acceptedAt),
    endedAt: iso(share.endedAt ?? share.declinedAt),
    lastViewedAt: iso(share.lastViewedAt),
  };
}

export function toDoctorPatient(row: { share: ShareRow; patient: Person }): DoctorPatient {
  return {
    id: row.share.id,
    name: nameOf(row.patient),
    email: row.patient.username,
    ...windowFields(row.share),
    acceptedAt: (row.share.acceptedAt ?? row.share.createdAt).toISOString(),
  };
}

export function toDoctorInvite(row: { share: ShareRow; patient: Person }): DoctorInvite {
  return {
    id: row.share.id,
    patientName: nameOf(row.patient),
    patientEmail: row.patient.username,
    ...windowFields(row.share),
    createdAt: row.share.createdAt.toISOString(),
  };
}

export function toShareLink(link: LinkRow, now: Date): ShareLink {
  const status = link.endedAt
    ? 'ended'
    : link.lockedAt
      ? 'locked'
      : link.expiresAt.getTime() <= now.getTime()
        ? 'expired'
        : 'active';
  return {
    id: link.id,
    label: link.label,
    measures: measuresOf(link),
    allMeasures: link.measures === null,
    hasCode: link.codeHash !== null,
    status,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    endedAt: iso(link.endedAt ?? link.lockedAt),
    opens: link.opens,
    lastOpenedAt: iso(link.lastOpenedAt),
  };
}
